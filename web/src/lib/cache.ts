/**
 * The Apollo cache and its type policies. A course enrollment's `progress` has no id of its own:
 * it is the enrollment's, and pages ask for different parts of it (the courses page the counts and
 * the report, Reserve Time the report's attempts), so the parts are merged into one object rather
 * than one page's answer replacing another's (Apollo warned that cache data may be lost). A read
 * model's operations are the opposite case (below).
 */
import { InMemoryCache, type TypePolicies } from '@apollo/client';

export const typePolicies: TypePolicies = {
  CourseEnrollment: { fields: { progress: { merge: true } } },
  // A read model's operation is a snapshot that two queries poll on their own clocks (the list's
  // `running`, the history): normalized, a list poll sent before the operation ended and answered
  // after the history saw it succeed wrote "Running" back over it, and the history, whose next
  // identical answers Apollo does not write again, showed "Running" for good. Each query keeps its
  // own copy.
  ReadModelOperation: { keyFields: false },
  // Each poll's snapshot replaces the one before (without Apollo's data-loss warning).
  ReadModel: { fields: { running: { merge: false }, history: { merge: false } } },
};

export const createCache = () => new InMemoryCache({ typePolicies });
