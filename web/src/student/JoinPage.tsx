import { Navigate, useParams } from 'react-router-dom';
import { savePendingInvite } from '../lib/pendingInvite';

/**
 * /join/{inviteNumber?} (spec 1, Student enrollment routes): keeps the invite number for the
 * session, then asks /student/courses to enroll (signing in first if needed).
 */
export default function JoinPage() {
  const { inviteNumber } = useParams();
  if (inviteNumber) savePendingInvite(inviteNumber);
  return <Navigate to="/student/courses" replace state={{ desireToEnroll: true }} />;
}
