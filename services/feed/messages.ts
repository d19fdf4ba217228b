/** The refusals of feed/ (issue 32: registered in services/i18n/knownErrors.ts, area 'feed'). */
export const FeedMessages = {
  stopping: 'The server is stopping: try again once it is back.',
} as const;
