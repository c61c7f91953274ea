// What became of a booked visit the patient just changed: moved to a new time, or booked again
// after its cancellation (issue 13 #12). Shared by the visit's link and the account's page.
import Alert from '@mui/material/Alert';

export function VisitChangeNotice({
  moved,
  rebooked,
  email,
}: {
  moved: boolean;
  rebooked: boolean;
  email: string;
}) {
  if (moved)
    return (
      <Alert severity="success" role="status">
        Your visit was moved. We sent an updated calendar invite to {email}.
      </Alert>
    );
  if (rebooked)
    return (
      <Alert severity="success" role="status">
        Your new visit is booked. We sent the details and a calendar invite to {email}.
      </Alert>
    );
  return null;
}
