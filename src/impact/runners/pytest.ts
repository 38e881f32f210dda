import { type RunnerCommands, withFiles } from './runner.js';

/** `python -m pytest tests/test_a.py`. */
export const pytestCommands: RunnerCommands = { id: 'pytest', commandFor: withFiles };
