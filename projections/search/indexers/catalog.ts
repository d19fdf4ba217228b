/**
 * Courses and lessons in quick search (issue 11). A course: its name, then language, proficiency and
 * invite number (an admin is often told a number), the school as its location. A lesson: its title,
 * the course's name as its subtitle, tagged `course:<id>` so a hit leads to its course's topics.
 * Nothing personal is in either (no pii). A removed course takes its lessons with it; an edited one
 * renames its lessons' subtitle, and a removed lesson goes.
 */
import { languageName } from '../../../contracts/enrollment';
import type { SearchIndexer } from './types';
import { removeDocument, upsertDocument } from './types';

export const COURSE_TAG = 'course:';

const joined = (parts: (string | null | undefined)[], separator: string) => parts.filter((p) => p?.trim()).join(separator) || null;

export const catalogIndexer: SearchIndexer = {
  handles: ['CourseCreated', 'CourseChanged', 'LessonAssigned', 'LessonChanged', 'LessonRemoved', 'CourseRemoved'],
  async apply(events, db) {
    for (const e of events) {
      const at = e.metadata.occurredAt;
      const d = e.data as Record<string, any>;
      if (e.type === 'CourseCreated') {
        await upsertDocument(
          db,
          {
            kind: 'course',
            refId: d.courseId,
            tags: [d.kind === 'adventure' ? 'adventure' : 'regular'],
            title: d.name,
            subtitle: joined(
              [
                languageName(d.language),
                d.proficiency,
                d.inviteNumber ? `invite ${d.inviteNumber}` : null,
                d.kind === 'adventure' ? 'adventure' : null,
              ],
              ' · ',
            ),
            location: d.school ?? null,
            pii: null,
          },
          at,
        );
      } else if (e.type === 'CourseChanged') {
        // Name, language and proficiency may change; what follows them in the subtitle (invite number,
        // adventure) does not. Lessons show the course's name.
        const { rows } = await db.query(`SELECT subtitle FROM documents WHERE kind = 'course' AND ref_id = $1`, [d.courseId]);
        const rest: string[] = (rows[0]?.subtitle ?? '').split(' · ').slice(2);
        await upsertDocument(
          db,
          { kind: 'course', refId: d.courseId, title: d.name, subtitle: joined([languageName(d.language), d.proficiency, ...rest], ' · ') },
          at,
        );
        await db.query(`UPDATE documents SET subtitle = $2, updated_at = $3 WHERE kind = 'lesson' AND tags @> ARRAY[$1]::text[]`, [
          `${COURSE_TAG}${d.courseId}`,
          d.name,
          at,
        ]);
      } else if (e.type === 'LessonRemoved') {
        await removeDocument(db, 'lesson', d.lessonId);
      } else if (e.type === 'LessonAssigned' || e.type === 'LessonChanged') {
        const { rows } = await db.query(`SELECT title FROM documents WHERE kind = 'course' AND ref_id = $1`, [d.courseId]);
        await upsertDocument(
          db,
          {
            kind: 'lesson',
            refId: d.lessonId,
            tags: [`${COURSE_TAG}${d.courseId}`],
            title: d.title,
            subtitle: rows[0]?.title ?? null,
            location: null,
            pii: null,
          },
          at,
        );
      } else if (e.type === 'CourseRemoved') {
        await removeDocument(db, 'course', d.courseId);
        await db.query(`DELETE FROM documents WHERE kind = 'lesson' AND tags @> ARRAY[$1]::text[]`, [`${COURSE_TAG}${d.courseId}`]);
      }
    }
  },
};
