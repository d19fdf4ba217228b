/** /instructor/courses/grid: the instructor's current courses as cards, past ones on a toggle, and a create card. */
import { useQuery } from '@apollo/client';
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { formatInviteNumber, languageName } from '../../../../contracts/enrollment';
import { Loading } from '../../components/Loading';
import { Page } from '../../components/Page';
import { MY_COURSES } from './operations';
import { ShareInvites } from './ShareInvites';

export default function CoursesGridPage() {
  const [showPast, setShowPast] = useState(false);
  const { data, loading } = useQuery(MY_COURSES, { fetchPolicy: 'cache-and-network', pollInterval: 60_000 });
  const courses = (showPast ? data?.me?.past : data?.me?.current) ?? [];
  return (
    <Page title="Courses">
      <ShareInvites />
      <FormControlLabel control={<Switch checked={showPast} onChange={(e) => setShowPast(e.target.checked)} />} label="Show past courses" sx={{ mb: 2 }} />
      {loading && !data ? (
        <Loading label="Loading your courses" />
      ) : (
        <Grid container spacing={2}>
          {!showPast && (
            <Grid size={{ xs: 12, sm: 6, md: 4 }}>
              <Card variant="outlined" sx={{ height: '100%' }}>
                <CardActionArea component={RouterLink} to="/instructor/courses/new" sx={{ height: '100%', p: 3, textAlign: 'center' }}>
                  <AddIcon fontSize="large" />
                  <Typography>Create a course</Typography>
                </CardActionArea>
              </Card>
            </Grid>
          )}
          {courses.map((c) => (
            <Grid key={c.id} size={{ xs: 12, sm: 6, md: 4 }}>
              <Card variant="outlined" sx={{ height: '100%' }}>
                <CardActionArea component={RouterLink} to={`/instructor/courses/${c.id}`} sx={{ height: '100%' }}>
                  <CardContent>
                    <Typography variant="h6" component="h2">{c.name}</Typography>
                    <Typography color="text.secondary">
                      {languageName(c.language)} · {c.proficiency} · {c.courseEnrollmentsCount} students
                    </Typography>
                    {c.isPast ? (
                      <Typography color="error" variant="overline">PAST DUE</Typography>
                    ) : (
                      <Typography variant="body2">Invite number {formatInviteNumber(c.inviteNumber)}</Typography>
                    )}
                  </CardContent>
                </CardActionArea>
              </Card>
            </Grid>
          ))}
        </Grid>
      )}
      {showPast && !courses.length && data && <Typography color="text.secondary">No past courses.</Typography>}
      <Button component={RouterLink} to="/instructor/courses/new" variant="contained" startIcon={<AddIcon />} sx={{ mt: 3 }}>
        New course
      </Button>
    </Page>
  );
}
