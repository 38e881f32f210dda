/**
 * The built context as data, for tools that measure it (the gate benchmark): the sharded index and
 * graph read whole, and which configured runner runs which test file.
 */

export { readBuiltGraph, readBuiltIndex } from '../context/load.js';
export { assignTestFiles, type TestContract } from '../contracts/index.js';
