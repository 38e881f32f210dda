/**
 * Whether a repository's config module may run: the CLI's `--trust-config` and the hooks' "never"
 * reach `config/` through here, a small module so a hook's start-up stays light.
 */
export { trustRepositoryConfig } from '../config/load.js';
export { withConfigTrust } from '../config/trust.js';
