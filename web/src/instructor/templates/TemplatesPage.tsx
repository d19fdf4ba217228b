/** /instructor/templates: the instructor's templates, each with its current courses, and a new-template card. */
import { useQuery } from '@apollo/client';
import AddIcon from '@mui/icons-material/Add';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { languageName } from '../../lib/languageName';
import { Loading } from '../../components/Loading';
import { Page } from '../../components/Page';
import { MY_TEMPLATES } from './operations';

export default function TemplatesPage() {
  const { data, loading } = useQuery(MY_TEMPLATES, { fetchPolicy: 'cache-and-network' });
  if (loading && !data) return <Loading label="Loading your templates" />;
  const templates = data?.me?.templates ?? [];
  return (
    <Page title="Templates">
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        A template holds a course's language, level and requirements: make courses from it for other instructors.
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <Card variant="outlined" sx={{ height: '100%' }}>
            <CardActionArea component={RouterLink} to="/instructor/templates/new" sx={{ height: '100%', p: 3, textAlign: 'center' }}>
              <AddIcon fontSize="large" />
              <Typography>Create a template</Typography>
            </CardActionArea>
          </Card>
        </Grid>
        {templates.map((t) => (
          <Grid key={t.id} size={{ xs: 12, sm: 6, md: 4 }}>
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardActionArea component={RouterLink} to={`/instructor/templates/${t.id}`} sx={{ height: '100%' }}>
                <CardContent>
                  <Typography variant="h6" component="h2">
                    {t.name}
                  </Typography>
                  <Typography color="text.secondary">
                    {languageName(t.language)} · {t.proficiency} · {t.completionRequirement} × {t.durationRequirement} min
                  </Typography>
                  <Typography variant="body2">{t.currentCoursesCount} current courses</Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          </Grid>
        ))}
      </Grid>
      {!templates.length && (
        <Typography color="text.secondary" sx={{ mt: 2 }}>
          No templates yet.
        </Typography>
      )}
    </Page>
  );
}
