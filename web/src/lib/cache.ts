/**
 * The Apollo cache and its type policies. A course enrollment's `progress` has no id of its own:
 * it is the enrollment's, and pages ask for different parts of it (the courses page the counts and
 * the report, Reserve Time the report's attempts), so the parts are merged into one object rather
 * than one page's answer replacing another's (Apollo warned that cache data may be lost).
 */
import { InMemoryCache, type TypePolicies } from '@apollo/client';

export const typePolicies: TypePolicies = {
  CourseEnrollment: { fields: { progress: { merge: true } } },
};

export const createCache = () => new InMemoryCache({ typePolicies });
