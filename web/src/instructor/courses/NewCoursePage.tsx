/** /instructor/courses/new: createCourse with the shared course rules (CourseForm); on success, the course page. */
import { useMutation } from '@apollo/client';
import { useNavigate } from 'react-router-dom';
import { addMonths } from '../../../../contracts/calendarDate';
import { Page } from '../../components/Page';
import { notifySuccess } from '../../components/snackbars';
import { userToday } from '../../lib/time';
import { CourseForm } from './CourseForm';
import { CREATE_COURSE } from './operations';

import { useT } from '../../i18n/useT';

const QUIET = { context: { quiet: true } } as const;

export default function NewCoursePage() {
  const t = useT();
  const navigate = useNavigate();
  const today = userToday();
  const [create, { loading }] = useMutation(CREATE_COURSE, QUIET);
  return (
    <Page title={t('instructor.courseForm.newTitle')}>
      <CourseForm
        initial={{
          name: '',
          language: 'es',
          proficiency: 'beginner',
          durationRequirement: 15,
          completionRequirement: 4,
          startDate: today,
          endDate: addMonths(today, 3),
          school: '',
        }}
        submitLabel={t('instructor.courseForm.create')}
        busy={loading}
        showSchool
        onSubmit={async (form) => {
          const { data } = await create({ variables: { input: { ...form, school: form.school.trim() || null } } });
          notifySuccess(t('instructor.courseForm.created'));
          navigate(`/instructor/courses/${data!.createCourse.course.id}`);
        }}
        onCancel={() => navigate('/instructor/courses/grid')}
      />
    </Page>
  );
}
