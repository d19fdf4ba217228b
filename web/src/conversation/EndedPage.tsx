/** /conversation/ended (spec 2, Ended): what the conversation window shows once it is over. */
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { usePageTitle } from '../shell/usePageTitle';
import { LiveText } from './roomMessages';

export default function EndedPage() {
  usePageTitle('Conversation ended');
  return (
    <Stack alignItems="center" justifyContent="center" sx={{ minHeight: '60vh', p: 4, textAlign: 'center' }}>
      <Typography variant="h5" component="h1" role="status">
        {LiveText.ended}
      </Typography>
    </Stack>
  );
}
