/** /admin/courses/:id: the course's overview, its discussion topics, and its conversations (the conversations table scoped to it). */
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo } from 'react';
import { useGetOne } from 'react-admin';
import { useT } from '../../i18n/useT';
import { datesOf } from './words';
import { useLocation, useParams } from 'react-router-dom';
import { ShowFrame, ShowSection } from '../show/ShowFrame';
import { usePageTitle } from '../../shell/usePageTitle';
import { ConversationTable } from '../conversations/ConversationList';
import { Detail } from '../people/SecurityTab';

interface CourseRecord {
  id: string;
  name: string;
  kind: string;
  language: string;
  proficiency: string;
  startDate: string;
  endDate: string | null;
  isPast: boolean;
  inviteNumber: string;
  completionRequirement: number;
  durationRequirement: number;
  courseEnrollmentsCount: number | null;
  owner: { id: string; emailAddress: string | null; school: string | null } | null;
  priceAgreement: { kind: string };
  lessonAssignments: {
    id: string;
    dueOn: string | null;
    order: number;
    lesson: { id: string; title: string; discussionTopic: string | null };
  }[];
}

export function CourseShow() {
  const t = useT();
  const { id = '' } = useParams();
  const { data, error, isPending } = useGetOne<CourseRecord>('courses', { id });
  usePageTitle(data ? t('admin.course.pageTitle', { name: data.name }) : t('admin.course.one'));
  const scope = useMemo(() => [{ field: 'course.id', operator: 'is', value: id }], [id]);
  // A lesson found by quick search: its row is marked and scrolled to.
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash.startsWith('#lesson-') || !data) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: 'center' });
  }, [hash, data]);
  return (
    <ShowFrame
      record={{ data, error, isPending }}
      what={t('admin.course.what')}
      list={{ path: '/admin/courses', label: t('admin.courses.title') }}
      crumb={(course) => course.name}
      title={(course) => course.name}
    >
      {(data) => (
        <>
          <Grid container spacing={3}>
            <Grid size={{ xs: 12, md: 5 }}>
              <ShowSection id="course-overview" title={t('admin.course.overview')} fullHeight>
                <dl>
                  <Detail term={t('admin.courses.owner')}>{data.owner?.emailAddress ?? '—'}</Detail>
                  <Detail term={t('admin.courses.school')}>{data.owner?.school ?? '—'}</Detail>
                  <Detail term={t('admin.course.dates')}>
                    {data.isPast ? t('admin.course.pastSuffix', { dates: datesOf(data, t) }) : datesOf(data, t)}
                  </Detail>
                  <Detail
                    term={t('admin.course.languageLevel')}
                  >{`${data.language}, ${t('course.level', { level: data.proficiency })}`}</Detail>
                  <Detail term={t('admin.courses.inviteNumber')}>{data.inviteNumber}</Detail>
                  <Detail term={t('admin.course.requirements')}>
                    {t('admin.course.requirementsValue', { count: data.completionRequirement, minutes: data.durationRequirement })}
                  </Detail>
                  <Detail term={t('admin.course.priceAgreement')}>{t('course.agreement', { kind: data.priceAgreement.kind })}</Detail>
                  <Detail term={t('admin.course.studentsEnrolled')}>{data.courseEnrollmentsCount ?? '—'}</Detail>
                </dl>
              </ShowSection>
            </Grid>
            <Grid size={{ xs: 12, md: 7 }}>
              <Card variant="outlined" component="section" aria-labelledby="course-topics" sx={{ height: '100%' }}>
                <CardContent sx={{ overflowX: 'auto' }}>
                  <Typography id="course-topics" variant="h6" component="h2" gutterBottom>
                    {t('admin.course.topics')}
                  </Typography>
                  <Table size="small" aria-labelledby="course-topics">
                    <TableHead>
                      <TableRow>
                        <TableCell>#</TableCell>
                        <TableCell>{t('admin.course.topic')}</TableCell>
                        <TableCell>{t('admin.course.due')}</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {data.lessonAssignments.map((a, i) => (
                        <TableRow key={a.id} id={`lesson-${a.lesson.id}`} selected={hash === `#lesson-${encodeURIComponent(a.lesson.id)}`}>
                          <TableCell>{i + 1}</TableCell>
                          <TableCell sx={{ overflowWrap: 'anywhere' }}>{a.lesson.title}</TableCell>
                          <TableCell sx={{ whiteSpace: 'nowrap' }}>{a.dueOn ?? '—'}</TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </CardContent>
              </Card>
            </Grid>
            <Grid size={12}>
              <Typography variant="h6" component="h2" gutterBottom>
                {t('admin.course.conversations')}
              </Typography>
              <ConversationTable urlKey="conversations" fixedFilter={scope} />
            </Grid>
          </Grid>
        </>
      )}
    </ShowFrame>
  );
}
