/**
 * The room's sign that the conversation is recorded (issue 10; both participants see it, issue 28):
 * a red dot and 'Recording' at the video's top left once it runs, 'Will be recorded' before,
 * named for assistive technology; 'Not recorded', without the dot, for a course's lesson that is
 * not (an under-age student's, issue 34).
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useT } from '../../i18n/useT';

export function RecordingIndicator({ upcoming = false, off = false }: { upcoming?: boolean; off?: boolean }) {
  const t = useT();
  const label = t(off ? 'conversation.willNotRecord' : upcoming ? 'conversation.willRecord' : 'conversation.recording');
  const short = t(off ? 'conversation.willNotRecord.short' : upcoming ? 'conversation.willRecord.short' : 'conversation.recording.short');
  return (
    <Box
      role="status"
      aria-label={label}
      title={label}
      sx={{
        position: 'absolute',
        top: 12,
        left: 12,
        zIndex: 2,
        display: 'flex',
        alignItems: 'center',
        gap: 0.75,
        px: 1.25,
        py: 0.5,
        borderRadius: 1,
        bgcolor: 'rgba(0,0,0,0.7)',
        color: 'common.white',
      }}
    >
      {!off && (
        <Box
          aria-hidden
          sx={{
            width: 10,
            height: 10,
            borderRadius: '50%',
            bgcolor: '#ff4d4d',
            opacity: upcoming ? 0.6 : 1,
            '@media (prefers-reduced-motion: no-preference)': upcoming
              ? {}
              : {
                  animation: 'recording-pulse 2s ease-in-out infinite',
                  '@keyframes recording-pulse': { '50%': { opacity: 0.35 } },
                },
          }}
        />
      )}
      <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
        {short}
      </Typography>
    </Box>
  );
}
