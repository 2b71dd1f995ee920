// passk/closed: the closed forms and `read` (declared in index.d.ts).
export { PasskError, passAtK, passHatK, read, version } from './index.js';
export type { Counts, Estimator, Data, ReadDocument, SeriesCounts, TaskCounts, Rejected } from './index.js';
