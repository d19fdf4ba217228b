import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { formatInviteNumber, joinLink } from '../../../../contracts/enrollment';
import { notifySuccess } from '../../components/snackbars';

/** A course's invite number as a chip (123-456) and the link to share (spec 1, section 9). */
export function InviteNumber({ inviteNumber, showLink = true }: { inviteNumber: string; showLink?: boolean }) {
  const link = joinLink(window.location.origin, inviteNumber);
  const copy = async (text: string, what: string) => {
    try {
      await navigator.clipboard.writeText(text);
      notifySuccess(`The ${what} was copied.`);
    } catch {
      // clipboard not allowed: the text is on the page to copy by hand
    }
  };
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} alignItems="center">
        <Chip label={`Invite number ${formatInviteNumber(inviteNumber)}`} color="primary" data-testid="invite-number-chip" />
        <Tooltip title="Copy the invite number">
          <IconButton
            size="small"
            onClick={() => void copy(formatInviteNumber(inviteNumber), 'invite number')}
            aria-label="Copy the invite number"
          >
            <ContentCopyIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
      {showLink && (
        <Stack direction="row" spacing={1} alignItems="center">
          <Typography variant="body2" data-testid="join-link" sx={{ wordBreak: 'break-all' }}>
            {link}
          </Typography>
          <Tooltip title="Copy the link">
            <IconButton size="small" onClick={() => void copy(link, 'link')} aria-label="Copy the join link">
              <ContentCopyIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Stack>
      )}
    </Stack>
  );
}
