import { defineInstaller } from '../installer-command.js';

export const installCommand = defineInstaller('install');
