import { defineInstaller } from '../installer-command.js';

export const uninstallCommand = defineInstaller('uninstall');
