import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { formatInviteNumber, joinLink } from '../../../../contracts/enrollment';
import { notifySuccess } from '../../components/snackbars';
import { useT } from '../../i18n/useT';

/** A course's invite number as a chip (123-456) and the link to share (spec 1, section 9). */
export function InviteNumber({ inviteNumber, showLink = true }: { inviteNumber: string; showLink?: boolean }) {
  const t = useT();
  const link = joinLink(window.location.origin, inviteNumber);
  const copy = async (text: string, copied: string) => {
    try {
      await navigator.clipboard.writeText(text);
      notifySuccess(copied);
    } catch {
      // clipboard not allowed: the text is on the page to copy by hand
    }
  };
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} alignItems="center">
        <Chip
          label={t('instructor.course.invite.chip', { number: formatInviteNumber(inviteNumber) })}
          color="primary"
          data-testid="invite-number-chip"
        />
        <Tooltip title={t('instructor.course.invite.copyNumber')}>
          <IconButton
            size="small"
            onClick={() => void copy(formatInviteNumber(inviteNumber), t('instructor.course.invite.numberCopied'))}
            aria-label={t('instructor.course.invite.copyNumber')}
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
          <Tooltip title={t('instructor.course.invite.copyLink')}>
            <IconButton
              size="small"
              onClick={() => void copy(link, t('instructor.course.invite.linkCopied'))}
              aria-label={t('instructor.course.invite.copyJoinLink')}
            >
              <ContentCopyIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Stack>
      )}
    </Stack>
  );
}
