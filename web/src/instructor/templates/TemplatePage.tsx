/**
 * /instructor/templates/:id (and /:id/delete, which opens the removal confirmation): the template,
 * the current courses made from it with their owners or pending invites, and its actions.
 */
import { useMutation, useQuery } from '@apollo/client';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { languageName } from '../../lib/languageName';
import { FormAlert } from '../../components/FormAlert';
import { Loading } from '../../components/Loading';
import { Page } from '../../components/Page';
import { notifySuccess } from '../../components/snackbars';
import { errorMessage } from '../../lib/errors';
import { formatDate } from '../../lib/time';
import { MY_TEMPLATES, REMOVE_TEMPLATE, TEMPLATE, type TemplatedCourse } from './operations';
import { type Translate, useT } from '../../i18n/useT';

function ownerOf(c: TemplatedCourse, t: Translate) {
  const pending = c.courseShareInvites.find((i) => !i.acceptedOn && !i.rejectedOn);
  if (pending) return <Chip size="small" label={t('instructor.templates.invited', { email: pending.emailAddress })} />;
  const rejected = c.courseShareInvites.find((i) => i.rejectedOn);
  if (rejected && !c.courseShareInvites.some((i) => i.acceptedOn))
    return <Chip size="small" color="warning" label={t('instructor.templates.rejectedBy', { email: rejected.emailAddress })} />;
  const owner = c.owner?.displayName ?? c.owner?.emailAddress ?? t('instructor.templates.accepted');
  return <Chip size="small" color="success" label={t('instructor.templates.owner', { owner })} />;
}

export default function TemplatePage({ deleting = false }: { deleting?: boolean }) {
  const t = useT();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { data, loading } = useQuery(TEMPLATE, { variables: { templateId: id }, fetchPolicy: 'cache-and-network', pollInterval: 60_000 });
  const [remove, removal] = useMutation(REMOVE_TEMPLATE, { context: { quiet: true }, refetchQueries: [MY_TEMPLATES] });
  if (loading && !data) return <Loading label={t('instructor.templates.loadingOne')} />;
  const template = data?.template;
  if (!template) {
    return (
      <Page title={t('instructor.templates.one')}>
        <Alert severity="warning">{t('instructor.templates.notFound')}</Alert>
      </Page>
    );
  }
  const courses = data?.allTemplatedCourses.edges.map((e) => e.node) ?? [];
  async function confirmRemove() {
    try {
      await remove({ variables: { templateId: id } });
      notifySuccess(t('instructor.templates.deleted'));
      navigate('/instructor/templates');
    } catch {
      /* shown in the dialog */
    }
  }
  return (
    <Page title={template.name}>
      <Stack spacing={3}>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography>
            {t('instructor.course.facts', {
              language: languageName(template.language),
              level: t('course.level', { level: template.proficiency }),
              conversations: template.completionRequirement,
              minutes: template.durationRequirement,
            })}
          </Typography>
          <Typography color="text.secondary">
            {t('instructor.templates.agreement', { agreement: t('course.agreement', { kind: template.priceAgreementKind }) })}
          </Typography>
        </Paper>
        <Stack direction="row" spacing={2} useFlexGap flexWrap="wrap">
          <Button variant="contained" component={RouterLink} to={`/instructor/templates/${id}/courses/provision`}>
            {t('instructor.templates.provision')}
          </Button>
          <Button component={RouterLink} to={`/instructor/templates/${id}/edit`}>
            {t('instructor.templates.edit')}
          </Button>
          <Button color="error" component={RouterLink} to={`/instructor/templates/${id}/delete`}>
            {t('instructor.templates.delete')}
          </Button>
        </Stack>
        <Paper variant="outlined">
          <Typography variant="h6" component="h2" sx={{ px: 2, pt: 2 }}>
            {t('instructor.templates.currentTitle', { count: String(data!.allTemplatedCourses.totalCount) })}
          </Typography>
          {courses.length ? (
            <List aria-label={t('instructor.templates.madeFrom')}>
              {courses.map((c) => (
                <ListItem key={c.id} secondaryAction={ownerOf(c, t)} sx={{ pr: { xs: 2, sm: 30 }, flexWrap: 'wrap' }}>
                  <ListItemText
                    primary={c.name}
                    secondary={t('instructor.course.dates', { start: formatDate(c.startDate), end: formatDate(c.endDate) })}
                  />
                </ListItem>
              ))}
            </List>
          ) : (
            <Typography color="text.secondary" sx={{ p: 2 }}>
              {t('instructor.templates.noneMade')}
            </Typography>
          )}
        </Paper>
      </Stack>
      <Dialog open={deleting} onClose={() => navigate(`/instructor/templates/${id}`)} aria-labelledby="remove-template-title">
        <DialogTitle id="remove-template-title">{t('instructor.templates.deleteQuestion')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('instructor.templates.deleteText')}</DialogContentText>
          <FormAlert message={removal.error ? errorMessage(removal.error) : null} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => navigate(`/instructor/templates/${id}`)}>{t('instructor.courseForm.cancel')}</Button>
          <Button color="error" variant="contained" onClick={confirmRemove} disabled={removal.loading}>
            {t('instructor.templates.delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </Page>
  );
}
