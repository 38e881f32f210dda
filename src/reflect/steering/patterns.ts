/**
 * The phrases that show a user steering an agent, as plain data: each cue names the kind of
 * steering it signals and how strongly (2: steering on its own; 1: only together with another
 * cue or the context). Kept general on purpose — held-out transcripts written by other people
 * are the test, so these describe how people steer, not how our fixtures are worded.
 */
export const STEERING_KINDS = [
  'rejection',
  'correction',
  'redirect',
  'restatement',
  'quality',
  'preference',
] as const;
export type SteeringKind = (typeof STEERING_KINDS)[number];

export interface Cue {
  kind: SteeringKind;
  weight: 1 | 2;
  pattern: RegExp;
  /** How a message opens ("No, …", "Don't …"): a sure sign of steering, a weak sign of its kind. */
  opener?: boolean;
}

const cue = (kind: SteeringKind, weight: 1 | 2, pattern: RegExp, opener = false): Cue => ({
  kind,
  weight,
  pattern,
  ...(opener ? { opener } : {}),
});

export const CUES: Cue[] = [
  // Refusing what the agent did or is about to do.
  cue('rejection', 2, /^\s*(?:no+|nope|nah|stop|wait|hold on|hang on)\b[\s,.!:;—–-]/i, true),
  cue('rejection', 2, /^\s*(?:please\s+)?(?:don'?t|do not|never|stop)\s+[a-z]+/i, true),
  cue(
    'rejection',
    2,
    /\b(?:can|could|would) you (?:please )?(?:not|stop)\b|\bI don'?t want (?:you to|it|this|that|any)\b/i,
  ),
  cue('rejection', 2, /\b(?:revert|undo|roll ?back|back out|put (?:it|that|them) back)\b/i),
  cue('rejection', 2, /\bthat'?s not (?:it|right)\b|\bI didn'?t ask (?:you )?(?:for|to)\b/i),
  cue(
    'correction',
    2,
    /\bnot what I (?:asked|wanted|meant|said)\b|\bthat'?s not what\b|\bnot (?:quite|exactly) (?:right|it|what)\b|\bthat'?s not (?:correct|true|the case)\b/i,
  ),
  cue('rejection', 1, /\bwhy did you\b|\bwho told you to\b|\bI never (?:asked|said)\b/i),
  // Saying the agent is wrong.
  cue(
    'correction',
    2,
    /\b(?:that'?s|this is|you'?re|it'?s|that is|is) (?:wrong|incorrect|not correct|not right|not true|mistaken|a mistake)\b/i,
  ),
  cue(
    'correction',
    2,
    /\bonly works (?:on|in|with|for)\b|\bworks differently\b|\bis (?:deprecated|removed)\b|\bdoesn'?t exist (?:on|in)\b/i,
  ),
  cue(
    'correction',
    2,
    /\bthat'?s not how\b|\bdoesn'?t work (?:like|that way)\b|\bisn'?t how\b|\bis not how\b/i,
  ),
  cue(
    'correction',
    2,
    /(?<!\b(?:if|when|whether|once|unless) )\b(?:that|this|it|which) (?:breaks|broke|fails|won'?t work|doesn'?t (?:handle|work|compile)|is broken|crashes|loses|drops|ignores)\b/i,
  ),
  cue(
    'correction',
    2,
    /\byou (?:broke|missed|forgot|ignored|skipped|overwrote|deleted|removed|misread|misunderstood|got (?:it|that) wrong)\b/i,
  ),
  cue(
    'correction',
    2,
    /\byou (?:should(?:n'?t| not)? have|were supposed to|need(?:ed)? to|must(?:n'?t)?|have to)\b/i,
  ),
  cue(
    'correction',
    2,
    /\b(?:wrong|incorrect) (?:file|function|place|directory|folder|branch|approach|command|version|name|module|package|endpoint|table|test)\b/i,
  ),
  cue('correction', 1, /^\s*(?:actually|in fact|hmm+|well|ugh|uh)\b/i),
  cue(
    'correction',
    1,
    /\binstead\b|\brather than\b|\bnot \w+(?:\s\w+)?,? but\b|\b\w+, not \w+\b|\bmust(?:n'?t| not)?\b/i,
  ),
  cue('correction', 1, /\bshould(?:n'?t| not)? (?:be|use|have|go|live|return|call|stay|come)\b/i),
  cue(
    'correction',
    1,
    /\b(?:isn'?t|aren'?t|doesn'?t|don'?t|won'?t) (?:work|exist|compile|pass|build|run)\b/i,
  ),
  // "No, like this."
  cue(
    'redirect',
    2,
    /\blike this\b|\bthis way\b|\bhere'?s how\b|\bdo it (?:like|the way|as)\b|\bshould look (?:like|more like)\b/i,
  ),
  cue(
    'redirect',
    2,
    /\bfollow (?:the|this|our|that) (?:pattern|example|convention|style|approach)\b|\bthe same way (?:as|that|we)\b/i,
  ),
  cue(
    'redirect',
    1,
    /\buse (?:the |a |an )?[\w./@-]+(?: [\w./@-]+)? (?:instead|for (?:this|that))\b|\bswitch (?:it )?to\b|\bgo with\b/i,
  ),
  // Saying it again.
  cue(
    'restatement',
    2,
    /\b(?:as|like) I (?:said|mentioned|asked|told you|wrote|explained)\b|\bI (?:already|just) (?:said|told|asked|mentioned|explained)\b|\bI told you\b/i,
  ),
  cue(
    'restatement',
    2,
    /\b(?:for )?the (?:second|third|fourth|fifth|nth|umpteenth) time\b|\bonce again\b|\bhow many times\b|\bI (?:keep|have to keep) (?:saying|telling|asking)\b/i,
  ),
  cue(
    'restatement',
    2,
    /\byou (?:still|keep|again)\b|\bstill (?:not|doesn'?t|isn'?t|aren'?t|can'?t|won'?t|fails?|failing|crash(?:es|ing)?|throws|errors|breaks|hangs|happens|shows|returns|gives|broken|wrong|missing|using|there|has|have|get(?:ting)?|see(?:ing)?|the same)\b/i,
  ),
  cue(
    'restatement',
    2,
    /^\s*(?:again|once more)\b|^\s*I (?:said|asked|told you|wrote)\b|\byou\b[^.!?\n]{0,40}\bagain\b/i,
  ),
  cue('restatement', 1, /\bagain\b|\bremember (?:that|to|I|we)\b|\bI asked (?:for|you to)\b|\bI said\b/i),
  // Unhappy with the quality.
  cue(
    'quality',
    2,
    /\btoo (?:long|verbose|complex|complicated|clever|big|much|many|slow|wordy|generic|vague)\b/i,
  ),
  cue(
    'quality',
    2,
    /\bover-?engineer|\bover-?complicat|\bmessy\b|\bsloppy\b|\bugly\b|\bhacky\b|\bclunky\b|\bunreadable\b|\bhard to (?:read|follow|understand)\b|\bbloated\b|\bspaghetti\b/i,
  ),
  cue(
    'quality',
    2,
    /\bnot good enough\b|\blow[- ]quality\b|\bhalf-?baked\b|\blazy\b|\bquick (?:and dirty|hack)\b|\bband-?aid\b|\bcopy-?past(?:e|ed|ing)\b|\bduplicated?\b|\bmagic numbers?\b|\bhard-?coded\b/i,
  ),
  cue(
    'quality',
    2,
    /\b(?:no|missing|without|where are the|forgot the|add) (?:unit )?tests?\b|\buntested\b|\bno error handling\b|\bswallow(?:s|ed|ing)? (?:the )?errors?\b/i,
  ),
  cue(
    'quality',
    1,
    /\bhand-?roll|\breinvent|\b(?:cleaner|simpler|shorter|smaller|tidier|more readable|more robust|properly|sloppy)\b|\bclean (?:it|this|that) up\b|\bsimplify\b/i,
  ),
  // What this user wants and the agent did not know.
  cue(
    'preference',
    2,
    /\b(?:I|we)(?: prefer|'d rather| would rather| always| never| usually| normally| don'?t like| hate| dislike| avoid)\b/i,
  ),
  cue('preference', 2, /\bplease (?:don'?t|do not|never|always|stop|avoid)\b/i),
  cue(
    'preference',
    2,
    /\bfrom now on\b|\bin (?:the )?future\b|\bgoing forward\b|\b(?:please )?(?:always|never) (?:use|do|write|run|put|add|call|make|keep|prefer|include|ask|check|commit|format|name)\b/i,
  ),
  cue(
    'preference',
    2,
    /\bthat'?s how (?:we|the rest|our|everything|all)\b|\bthe rest of (?:our|the|this) (?:code|docs|codebase|files|app|project|repo)\b|\blike (?:the rest|everywhere else|the others|the other \w+)\b/i,
  ),
  cue(
    'preference',
    2,
    /\b(?:our|the team'?s|the project'?s|my) (?:convention|style|standard|rule|policy|preference|guideline)s?\b|\bby convention\b/i,
  ),
  cue(
    'preference',
    1,
    /\bin (?:this|our) (?:repo|repository|project|codebase|team|monorepo)\b|\bwe (?:use|already (?:have|use|depend on))\b|\bwe don'?t\b|\bhere we\b|\bplease use\b|\bmake sure (?:to|you)\b|\bour (?:servers?|team|codebase|repo|project|code|apps?|services?|scripts?|docs|tests?|ci|stack|users?)\b/i,
  ),
];

/** A message that only approves, thanks or says go on: never steering by itself. */
export const APPROVAL =
  /^\s*(?:yes|yep|yeah|yup|ok(?:ay)?|sure|great|thanks|thank you|perfect|lgtm|looks good|nice|cool|good|go ahead|continue|proceed|do it|sounds good|awesome|excellent|correct|right|exactly|ship it)\b[\s,.!]*(?:$|(?:now|next|also|and|please|let'?s|can you|could you)\b)/i;

/** A message that moves on to new work. */
export const NEW_TASK =
  /^\s*(?:(?:great|thanks|ok(?:ay)?|good|nice|cool|perfect)[,.!]?\s+)?(?:now|next|also|then|another thing|one more thing|let'?s (?:now|also|move)|can you (?:now |also )|could you (?:now |also )|moving on)\b/i;

/** Trouble that passes or belongs to one machine: a lesson about it would be false tomorrow. */
export const TRANSIENT_TROUBLE =
  /\b(?:vpn|wi-?fi|network (?:is|was) (?:down|flaky|slow)|(?:is|was|went) (?:down|offline)|hiccup|outage|blip|glitch|try (?:it )?again|re-?try|re-?run it|restart(?:ed)? (?:the|your|it)|my (?:machine|laptop|vpn|wifi|connection))\b/i;

/** Claims that something is missing from this machine: true here, false elsewhere. */
export const NEGATIVE_TOOL_CLAIM =
  /\b(?:isn'?t|is not|aren'?t|are not|not|no longer) (?:installed|available|on (?:the|my|your|this)? ?(?:path|box|machine|host|server|laptop|vm|runner)|in (?:the )?path|set up|configured|present)\b|\bcommand not found\b|\bdon'?t have \w+ installed\b|\bthere(?:'s| is) no (?:\w+ (?:binary|command|cli|installed)|sudo|root)\b|\bno (?:sudo|root access)\b|\bon (?:this|my) (?:box|machine|laptop|host|vm)\b/i;

/** Words that make a rule reach beyond the one file or task at hand. */
export const GENERAL =
  /\b(?:always|never|every|all|any|anything|anywhere|everything|nothing|whenever|each|everywhere|by hand|in (?:this|our|the) (?:repo|repository|project|codebase|team|monorepo)|we|our|us|convention|style|prefer|rule|policy|by default|in general|generally|other|others|future|from now on|going forward|project|repo|codebase)\b/i;

/** A sentence that carries an instruction or a fact worth keeping. */
export const RULE =
  /\b(?:always|never|prefer|prefers|must|should|shouldn'?t|instead|rather|make sure|convention|avoid|only|whenever|needs? (?:to|an?|tests?)|has to|have to|requires?|is (?:in|at|under)|are (?:in|under)|lives? (?:in|under)|belongs? in|goes in|comes? from|not \w+ but|not how|(?:all|every|each|any) [\w-]+(?: [\w-]+)? (?:are|is|must|should|go|goes|live|lives|need|needs|gets?|has|have|belongs?)|don'?t|do not|we (?:always |never |usually |only )?(?:use|keep|put|cap|write|run|name|store|prefer|do|don'?t|avoid|follow|test|deploy|pin|log|format|indent|tag|release|merge|squash|rebase|call|return|throw|handle|validate)|for (?:every|each|all)|every time|each time|before (?:you )?\w+ing)\b/i;

/** A sentence that starts as an instruction: "Use …", "Keep …", "Put …". */
export const IMPERATIVE =
  /^(?:stop|no more|quit|use|run|put|write|call|keep|add|remove|read|change|move|follow|prefer|avoid|check|make|import|return|throw|store|name|format|reproduce|test|switch|create|leave|ask|commit|wrap|extract|pass|prepare|stick|treat|log|validate|split|document|delete|do|don'?t|never|always|only|start|end|place|fix|set|load|convert|send|handle|type|sort)\b/i;

/** The person asks why something was not learned: a lesson should have been captured before. */
export const WHY_NOT_LEARNED =
  /\bwhy (?:didn'?t|did not|haven'?t|have not|wasn'?t|isn'?t) (?:you|it|this|that)\b[^.?!]*\b(?:learn|remember|save|saved|capture|captured|note|noted|memory|lesson)\w*/i;

/** The agent saved a lesson itself: the reflection's criteria let it through. */
export const SELF_MEMORY_ADD = /\b(?:opencode-plusplus|ocpp)\s+memory\s+add\b/;

/** A defect in this tool, seen in the session. */
export const TOOL_DEFECT =
  /\b(?:opencode-plusplus|ocpp)\b[^\n]{0,160}\b(?:internal error|hook error|error:|exception|crash(?:ed)?|TypeError|ReferenceError|stack trace|bug)\b|\b(?:hook error|hook failed)\b[^\n]{0,120}\b(?:opencode-plusplus|ocpp)\b/i;

/** An instruction with an end date: true today, not a standing rule. */
export const TIME_LIMITED =
  /\b(?:today|tonight|tomorrow|this (?:morning|afternoon|evening|week(?:end)?|sprint|release|time|once)|(?:this|next|on|until|till|by) (?:mon|tues|wednes|thurs|fri|satur|sun)day|until (?:tomorrow|further notice|next (?:week|month|release|sprint)|\d)|for now|for the time being|(?:code|release|merge|deploy) freeze|right now|at the moment)\b/i;

/** A report that the work fails (still, again, now): the agent is not done, nothing to learn. */
export const STILL_FAILING =
  /\b(?:still|again|now|is|are|keeps?) (?:fails?|failing|crash\w*|broken|errors?|erroring|throws|hangs|red|doesn'?t work|does not work|not working|(?:gives|shows|returns) the same)\b|\bthe same (?:error|failure|crash|exception)\b|\byou broke (?:it|the build|the tests?|something)\b/i;

/** A message that asks for one edit to the piece of work at hand ("one change: …"), not a rule. */
export const ONE_OFF_EDIT =
  /^\s*(?:(?:one|a|small|quick|tiny|minor|last) (?:more )?(?:change|tweak|edit|fix|thing)|one more thing)\s*[:,—–-]/i;

/** Background about this ticket or one record: why the work came up, what happened to whom. */
export const NARRATIVE =
  /^\s*(?:ok(?:ay)?,? )?(?:so )?(?:the (?:story|background|context|reason)|here'?s (?:the|what) (?:story|happened|background))\b|\bthe reason (?:this|it) came up\b|\b(?:customer|user|order|ticket|account|invoice) #?\d{3,}\b/i;
