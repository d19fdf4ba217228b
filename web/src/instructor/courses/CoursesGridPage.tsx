/**
 * /instructor/courses/grid and /table: the instructor's current courses as cards or a table, past
 * ones on a toggle, pending share invites, a create card, refreshed every 60 s.
 */
import { useQuery } from '@apollo/client';
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { formatInviteNumber } from '../../../../contracts/enrollment';
import { languageName } from '../../lib/languageName';
import { Loading } from '../../components/Loading';
import { Page } from '../../components/Page';
import { MY_COURSES } from './operations';
import { ShareInvites } from './ShareInvites';
import { useT } from '../../i18n/useT';

export default function CoursesGridPage({ view = 'grid' }: { view?: 'grid' | 'table' }) {
  const t = useT();
  const navigate = useNavigate();
  const [showPast, setShowPast] = useState(false);
  const { data, loading } = useQuery(MY_COURSES, { fetchPolicy: 'cache-and-network', pollInterval: 60_000 });
  const asTable = view === 'table';
  const courses = (showPast ? data?.me?.past : data?.me?.current) ?? [];
  return (
    <Page title={t('instructor.courses.title')}>
      <ShareInvites />
      <Stack direction="row" justifyContent="space-between" alignItems="center" flexWrap="wrap" sx={{ mb: 2 }}>
        <FormControlLabel
          control={<Switch checked={showPast} onChange={(e) => setShowPast(e.target.checked)} />}
          label={t('instructor.courses.showPast')}
        />
        <ToggleButtonGroup
          size="small"
          exclusive
          value={view}
          onChange={(_e, v) => v && navigate(`/instructor/courses/${v}`)}
          aria-label={t('instructor.courses.view')}
        >
          <ToggleButton value="grid">{t('instructor.courses.grid')}</ToggleButton>
          <ToggleButton value="table">{t('instructor.courses.table')}</ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      {loading && !data ? (
        <Loading label={t('instructor.courses.loading')} />
      ) : asTable ? (
        <TableContainer component={Paper} variant="outlined">
          <Table aria-label={t('instructor.courses.title')} size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('instructor.courses.column.name')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('instructor.courses.column.language')}</TableCell>
                <TableCell>{t('instructor.courses.column.students')}</TableCell>
                <TableCell>{t('instructor.courses.column.inviteNumber')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {courses.map((c) => (
                <TableRow key={c.id}>
                  <TableCell>
                    <Link component={RouterLink} to={`/instructor/courses/${c.id}`}>
                      {c.name}
                    </Link>
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                    {languageName(c.language)} · {t('course.level', { level: c.proficiency })}
                  </TableCell>
                  <TableCell>{c.courseEnrollmentsCount}</TableCell>
                  <TableCell>
                    {c.isPast ? (
                      <Typography color="error" variant="overline">
                        {t('instructor.courses.pastDue')}
                      </Typography>
                    ) : (
                      formatInviteNumber(c.inviteNumber)
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : (
        <Grid container spacing={2}>
          {!showPast && (
            <Grid size={{ xs: 12, sm: 6, md: 4 }}>
              <Card variant="outlined" sx={{ height: '100%' }}>
                <CardActionArea component={RouterLink} to="/instructor/courses/new" sx={{ height: '100%', p: 3, textAlign: 'center' }}>
                  <AddIcon fontSize="large" />
                  <Typography>{t('instructor.courses.create')}</Typography>
                </CardActionArea>
              </Card>
            </Grid>
          )}
          {courses.map((c) => (
            <Grid key={c.id} size={{ xs: 12, sm: 6, md: 4 }}>
              <Card variant="outlined" sx={{ height: '100%' }}>
                <CardActionArea component={RouterLink} to={`/instructor/courses/${c.id}`} sx={{ height: '100%' }}>
                  <CardContent>
                    <Typography variant="h6" component="h2">
                      {c.name}
                    </Typography>
                    <Typography color="text.secondary">
                      {languageName(c.language)} · {t('course.level', { level: c.proficiency })}
                      {c.courseEnrollmentsCount != null && ` · ${t('instructor.courses.students', { count: c.courseEnrollmentsCount })}`}
                    </Typography>
                    {c.isPast ? (
                      <Typography color="error" variant="overline">
                        {t('instructor.courses.pastDue')}
                      </Typography>
                    ) : (
                      <Typography variant="body2">
                        {t('instructor.courses.inviteNumber', { number: formatInviteNumber(c.inviteNumber) })}
                      </Typography>
                    )}
                  </CardContent>
                </CardActionArea>
              </Card>
            </Grid>
          ))}
        </Grid>
      )}
      {showPast && !courses.length && data && <Typography color="text.secondary">{t('instructor.courses.noPast')}</Typography>}
      <Button component={RouterLink} to="/instructor/courses/new" variant="contained" startIcon={<AddIcon />} sx={{ mt: 3 }}>
        {t('instructor.courses.new')}
      </Button>
    </Page>
  );
}
