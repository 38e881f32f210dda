/** Test cases inside test files: finding them, choosing the ones a change points at. */
export { chooseCases } from './choose.js';
export { type CaseContext, findTestCases, suiteCaseContext } from './find.js';
export { narrowToCases } from './narrow.js';
export { type CaseTitles, caseName, type TestCase } from './test-case.js';
