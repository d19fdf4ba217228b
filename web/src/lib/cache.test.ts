import assert from 'node:assert/strict';
import { gql } from '@apollo/client';
import { loadDevMessages } from '@apollo/client/dev';
import { afterEach, beforeEach, it, type MockInstance, vi } from 'vitest';
import { createCache } from './cache';

// Two pages' views of the same enrollment's progress (the courses page and Reserve Time).
const COUNTS = gql`
  query Counts {
    enrollment {
      id
      progress {
        completed
        report {
          attempts {
            id
          }
        }
      }
    }
  }
`;
const REPORT = gql`
  query Report {
    enrollment {
      id
      progress {
        report {
          attempts {
            id
            outcome
          }
        }
      }
    }
  }
`;

// Apollo's warnings in words rather than as a link (as the browser's development build shows them).
loadDevMessages();

let warn: MockInstance<typeof console.warn>;
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => warn.mockRestore());

it("merges the parts of an enrollment's progress that pages ask for, without Apollo's data-loss warning", () => {
  const cache = createCache();
  const enrollment = { __typename: 'CourseEnrollment', id: 'e1' };
  cache.writeQuery({
    query: COUNTS,
    data: {
      enrollment: {
        ...enrollment,
        progress: { __typename: 'CourseProgress', completed: 2, report: [{ __typename: 'LessonProgress', attempts: [] }] },
      },
    },
  });
  cache.writeQuery({
    query: REPORT,
    data: {
      enrollment: {
        ...enrollment,
        progress: {
          __typename: 'CourseProgress',
          report: [{ __typename: 'LessonProgress', attempts: [{ __typename: 'LessonAttempt', id: 'a1', outcome: 'completed' }] }],
        },
      },
    },
  });
  const messages = warn.mock.calls.map((call) => call.join(' '));
  assert.deepEqual(
    messages.filter((m) => /Cache data may be lost/.test(m)),
    [],
  );
  // The first page's count is still there beside the second page's report.
  assert.equal((cache.readQuery({ query: COUNTS }) as any)?.enrollment.progress.completed, 2);
});

// The read models page: the list's running operation and the history, polled on their own clocks.
const LIST = gql`
  query List {
    readModels {
      id
      running {
        id
        outcome
      }
    }
  }
`;
const HISTORY = gql`
  query History {
    readModel(name: "payroll") {
      id
      history {
        id
        outcome
      }
    }
  }
`;

it("keeps the history's finished operation when a list poll sent before it finished answers after", () => {
  const cache = createCache();
  const operation = { __typename: 'ReadModelOperation', id: 'op1' };
  const model = { __typename: 'ReadModel', id: 'payroll' };
  cache.writeQuery({ query: HISTORY, data: { readModel: { ...model, history: [{ ...operation, outcome: 'SUCCEEDED' }] } } });
  cache.writeQuery({ query: LIST, data: { readModels: [{ ...model, running: { ...operation, outcome: 'RUNNING' } }] } });
  const history = cache.readQuery<{ readModel: { history: { outcome: string }[] } }>({ query: HISTORY });
  assert.equal(history?.readModel.history[0].outcome, 'SUCCEEDED');
  cache.writeQuery({ query: LIST, data: { readModels: [{ ...model, running: null }] } });
  assert.equal(warn.mock.calls.length, 0, 'no data-loss warning as each poll replaces the last');
});
