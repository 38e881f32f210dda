import { defineInstaller } from './install.js';

export const uninstallCommand = defineInstaller('uninstall');
