// A confirmation carried to the next page by navigation state (`navigate('/', { state: { notice } })`),
// shown once at the top of that page: SPEC §2 "A phone-order request navigates to / after being
// sent" — the home page then says so. Dismissing it clears the state, so Back or a reload does not
// show it again.
import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import { useLocation, useNavigate } from 'react-router';

export interface NoticeState {
  notice?: { title?: string; text: string };
}

/** The state to navigate with so the next page shows `text`. */
export const withNotice = (text: string, title?: string): NoticeState => ({ notice: { text, ...(title ? { title } : {}) } });

export function NavigationNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  const notice = (location.state as NoticeState | null)?.notice;
  if (!notice?.text) return null;
  return (
    <Container sx={{ pt: 3, pb: 2 }}>
      <Alert
        severity="success"
        role="status"
        onClose={() => void navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true, state: null })}
      >
        {notice.title ? <strong>{notice.title} </strong> : null}
        {notice.text}
      </Alert>
    </Container>
  );
}
