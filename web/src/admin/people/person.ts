/** A person as the back-office's person page reads them (PersonDetail and its tabs). */
export interface Person {
  id: string;
  emailAddress: string;
  displayName: string | null;
  givenName: string | null;
  surname: string | null;
  tzIdentifier: string;
  createdAt: string;
  account: {
    id: string;
    emailAddress: string;
    roles: string[];
    activeRole: string | null;
    remainingMinutes: number;
    currentSignInAt: string | null;
    currentSignInIp: string | null;
    resetPasswordSentAt: string | null;
    minuteTransactions: { id: string; minuteQuantity: number; action: string; actionReason: string | null; createdAt: string }[];
  };
}
