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

function ownerOf(c: TemplatedCourse) {
  const pending = c.courseShareInvites.find((i) => !i.acceptedOn && !i.rejectedOn);
  if (pending) return <Chip size="small" label={`Invited: ${pending.emailAddress}`} />;
  const rejected = c.courseShareInvites.find((i) => i.rejectedOn);
  if (rejected && !c.courseShareInvites.some((i) => i.acceptedOn))
    return <Chip size="small" color="warning" label={`Rejected by ${rejected.emailAddress}`} />;
  return <Chip size="small" color="success" label={`Owner: ${c.owner?.displayName ?? c.owner?.emailAddress ?? 'accepted'}`} />;
}

export default function TemplatePage({ deleting = false }: { deleting?: boolean }) {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { data, loading } = useQuery(TEMPLATE, { variables: { templateId: id }, fetchPolicy: 'cache-and-network', pollInterval: 60_000 });
  const [remove, removal] = useMutation(REMOVE_TEMPLATE, { context: { quiet: true }, refetchQueries: [MY_TEMPLATES] });
  if (loading && !data) return <Loading label="Loading the template" />;
  const template = data?.template;
  if (!template) {
    return (
      <Page title="Template">
        <Alert severity="warning">This template was not found.</Alert>
      </Page>
    );
  }
  const courses = data?.allTemplatedCourses.edges.map((e) => e.node) ?? [];
  async function confirmRemove() {
    try {
      await remove({ variables: { templateId: id } });
      notifySuccess('The template was deleted successfully!');
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
            {languageName(template.language)} · {template.proficiency} · {template.completionRequirement} conversations of{' '}
            {template.durationRequirement} minutes
          </Typography>
          <Typography color="text.secondary">Agreement: {template.priceAgreementKind}</Typography>
        </Paper>
        <Stack direction="row" spacing={2} useFlexGap flexWrap="wrap">
          <Button variant="contained" component={RouterLink} to={`/instructor/templates/${id}/courses/provision`}>
            Create courses for others
          </Button>
          <Button component={RouterLink} to={`/instructor/templates/${id}/edit`}>
            Edit
          </Button>
          <Button color="error" component={RouterLink} to={`/instructor/templates/${id}/delete`}>
            Delete
          </Button>
        </Stack>
        <Paper variant="outlined">
          <Typography variant="h6" component="h2" sx={{ px: 2, pt: 2 }}>
            Current courses ({data!.allTemplatedCourses.totalCount})
          </Typography>
          {courses.length ? (
            <List aria-label="Courses made from this template">
              {courses.map((c) => (
                <ListItem key={c.id} secondaryAction={ownerOf(c)} sx={{ pr: { xs: 2, sm: 30 }, flexWrap: 'wrap' }}>
                  <ListItemText primary={c.name} secondary={`${formatDate(c.startDate)} to ${formatDate(c.endDate)}`} />
                </ListItem>
              ))}
            </List>
          ) : (
            <Typography color="text.secondary" sx={{ p: 2 }}>
              No courses made from this template yet.
            </Typography>
          )}
        </Paper>
      </Stack>
      <Dialog open={deleting} onClose={() => navigate(`/instructor/templates/${id}`)} aria-labelledby="remove-template-title">
        <DialogTitle id="remove-template-title">Delete this template?</DialogTitle>
        <DialogContent>
          <DialogContentText>Courses already made from it stay as they are.</DialogContentText>
          <FormAlert message={removal.error ? errorMessage(removal.error) : null} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => navigate(`/instructor/templates/${id}`)}>Cancel</Button>
          <Button color="error" variant="contained" onClick={confirmRemove} disabled={removal.loading}>
            Delete
          </Button>
        </DialogActions>
      </Dialog>
    </Page>
  );
}
