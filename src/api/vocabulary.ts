/**
 * The closed vocabularies of the library as runtime values (evidence policies, gate levels, loop
 * phases, trace step kinds, reflection workloads and reflectors, lesson kinds), the zod schemas
 * and parsers of the shapes callers send in. Surfaces over the library (MCP tools, the sidecar) validate their arguments
 * with these, so each list keeps its one home in the stage that owns it.
 */
export { SEVERITIES as FAIL_ON_LEVELS } from '../contracts/types.js';
export { LOOP_PHASES } from '../loop/controller.js';
export { lessonKinds } from '../memory/lesson-file.js';
export { parseFiles, parsePlan } from '../reflect/input.js';
export { reflectors } from '../reflect/reflector.js';
export { workloads } from '../reflect/workloads.js';
export { EVIDENCE_POLICIES } from '../trace/evidence.js';
export { ManualKindSchema, RequirementTypeSchema, TraceSchema, TraceStepSchema } from '../trace/types.js';
