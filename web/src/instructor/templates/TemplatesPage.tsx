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
import { useT } from '../../i18n/useT';

export default function TemplatesPage() {
  const t = useT();
  const { data, loading } = useQuery(MY_TEMPLATES, { fetchPolicy: 'cache-and-network' });
  if (loading && !data) return <Loading label={t('instructor.templates.loading')} />;
  const templates = data?.me?.templates ?? [];
  return (
    <Page title={t('instructor.templates.title')}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('instructor.templates.intro')}
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <Card variant="outlined" sx={{ height: '100%' }}>
            <CardActionArea component={RouterLink} to="/instructor/templates/new" sx={{ height: '100%', p: 3, textAlign: 'center' }}>
              <AddIcon fontSize="large" />
              <Typography>{t('instructor.templates.create')}</Typography>
            </CardActionArea>
          </Card>
        </Grid>
        {templates.map((template) => (
          <Grid key={template.id} size={{ xs: 12, sm: 6, md: 4 }}>
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardActionArea component={RouterLink} to={`/instructor/templates/${template.id}`} sx={{ height: '100%' }}>
                <CardContent>
                  <Typography variant="h6" component="h2">
                    {template.name}
                  </Typography>
                  <Typography color="text.secondary">
                    {t('instructor.templates.facts', {
                      language: languageName(template.language),
                      level: t('course.level', { level: template.proficiency }),
                      conversations: template.completionRequirement,
                      minutes: template.durationRequirement,
                    })}
                  </Typography>
                  <Typography variant="body2">
                    {t('instructor.templates.currentCourses', { count: template.currentCoursesCount })}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          </Grid>
        ))}
      </Grid>
      {!templates.length && (
        <Typography color="text.secondary" sx={{ mt: 2 }}>
          {t('instructor.templates.none')}
        </Typography>
      )}
    </Page>
  );
}
