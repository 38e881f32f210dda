/**
 * A lesson's kind (1–6) by what the person objected to: each kind has the signs of its objection,
 * each sign that appears in their words counts for its kind, and the kind with the most wins (ties
 * go to the more specific kind: a modelling error before a false belief, before a quality bar,
 * a method, a standard). Without any sign, the kind follows from how they steered.
 */
import type { LessonKind } from '../../memory/lesson-file.js';
import type { SteeringKind } from './patterns.js';

/** Signs per kind, most specific kind first (the tie-break order). */
const KIND_SIGNS: Array<[LessonKind, RegExp[]]> = [
  [
    6,
    [
      /\b(?:is|are|isn'?t|aren'?t) (?:not )?(?:a |an |just )?(?:numbers?|strings?|text|integers?|floats?|instants?|decimals?|booleans?|structured)\b/i,
      /\bfloating[- ]point\b|\bas (?:a )?(?:floats?|integers?|strings?|numbers?)\b|\bminor units?\b/i,
      /\bmore than one\b|\bmany[- ]to[- ]many\b|\bjoin table\b|\bone-to-many\b|\bcan (?:have|belong to) (?:several|many|multiple)\b/i,
      /\bwall[- ]clock\b|\blocal time\b|\brepresent\w*\b|\bmodel(?:l?ed)? as\b|\ba \w+ is a\b/i,
    ],
  ],
  [
    4,
    [
      /\bonly (?:looks|works|checks|applies|runs|reads|sees)\b|\b(?:doesn'?t|does not|won'?t|never) (?:apply|create|update|sort|support|exist|rewrite|fire|return|run|create)\b/i,
      /\bdeprecated\b|\bsince (?:v(?:ersion)? ?)?\d|\bswitch(?:es)? off\b|\binsertion order\b|\bsorts?\b|\batomic\b|\bsingle-threaded\b/i,
      /\bre-?renders?\b|\bon every (?:render|call|request)\b|\bnaive\b|\bby default\b|\bthe (?:default|spec|standard library|runtime|compiler|browser|kernel|shell)\b|\bthat'?s not how\b/i,
      /\bit (?:returns|gives you|just gives|installs|fails if|exits)\b|\b(?:returns|gives you) (?:a|an|the raw)\b/i,
    ],
  ],
  [
    5,
    [
      /\bin our (?:data|db|database|setup|system|prod|production|infra)\b|\bwe run\b|\bour (?:data|replicas|servers?|prod|users|customers)\b/i,
      /\bowns?\b|\bowned by\b|\b(?:lives?|live) in\b|\bthe [\w-]+ (?:module|package|service|layer)\b|\bcached\b|\blegacy\b/i,
      /\bwe never use \w+ here\b|\b(?:aren'?t|isn'?t|are not|is not) unique\b|\breplicas?\b|\binstances\b/i,
    ],
  ],
  [
    3,
    [
      /\btoo (?:clever|long|verbose|complex|complicated|generic)\b|\bover-?engineer\w*\b|\bplain (?:code|names)\b|\breadab\w+\b|\bunreadable\b/i,
      /\bswallow\w*\b|\bsilent\w*\b|\bthe mocks?\b|\bassert\w*\b|\btiming (?:leak|attack)\b|\bconstant[- ]time\b|\bleak\w*\b/i,
      /\berror messages?\b|\boffending value\b|\btells? \w+ nothing\b|\b`?any`?\b(?= and| or|$|[,.;])|\beslint-disable\b|\bts-ignore\b|\bhacky\b|\bmessy\b/i,
    ],
  ],
  [
    2,
    [
      /\b(?:test|tests|fail) first\b|\bbefore the fix\b|\bfirst\b.*\bthen\b|\bdry[- ]?run\b|\bregenerat\w*\b|\s-update\b|\breview the diff\b/i,
      /\bnew migration\b|\balready shipped\b|\bby hand\b|\bhow we do\b|\bevery (?:new )?(?:endpoint|bugfix|change|feature|pr) gets\b/i,
      /\bbefore (?:you |committing|merging|pushing|calling|running)\b|\bonly once\b|\b(?:workflow|process|procedure)\b/i,
    ],
  ],
  [
    1,
    [
      /\bcommit messages?\b|\bsummar(?:y|ies)\b|\bsnake_case\b|\bcamel ?case\b|\bkebab\b|\bnaming\b|\bstyle\b|\bconvention\b|\bprefer\w*\b/i,
      /\bheaders?\b|\bemoji\b|\btrailer\b|\bADR\b|\bwithout an? [\w-]+ here\b|\bwe don'?t add\b|\bhere are\b|\bkeys?\b/i,
      /\b(?:all )?our (?:machine-readable |json )?output\b|\bsame as the\b|\bI (?:read|like|want) these\b/i,
    ],
  ],
];

const KIND_BY_STEERING: Record<SteeringKind, LessonKind> = {
  rejection: 1,
  correction: 5,
  redirect: 2,
  restatement: 1,
  quality: 3,
  preference: 1,
};

export function lessonKindOf(words: string, steering: SteeringKind): LessonKind {
  let best: LessonKind | undefined;
  let bestCount = 0;
  for (const [kind, signs] of KIND_SIGNS) {
    const count = signs.filter((sign) => sign.test(words)).length;
    if (count > bestCount) {
      best = kind;
      bestCount = count;
    }
  }
  return best ?? KIND_BY_STEERING[steering];
}
