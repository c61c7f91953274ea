// A pre page (pre-questionnaire, pre-shipping, pre-scheduling, pre-doctor-confirmation, pre-payment)
// or the greeting page: the operator's title and text (content.prePageTexts), then a button on to
// the stage page it introduces. The checkout guard shows it only when settings.displayPages enables
// it (otherwise the patient goes straight to the stage page).
import { pageAfterPrePage, type DisplayPages } from '@store/domain';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { StatusButton } from '@/components/StatusButton';
import { useCheckout } from '@/shared/checkout';
import { useDocumentTitle, useStoreConfig } from '@/shared/storefront';

export function PrePage({
  page,
  continueLabel = 'Continue',
}: {
  page: keyof DisplayPages;
  continueLabel?: string;
}) {
  const { content, settings } = useStoreConfig();
  const { order } = useCheckout();
  const text = content.prePageTexts[page];
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  useDocumentTitle(text.title);
  const paragraphs = text.body.split(/\n{2,}/).filter((p) => p.trim() !== '');
  const products = order.items.map((i) => i.title);

  return (
    <Stack spacing={3} sx={{ maxWidth: 720, alignItems: 'flex-start' }}>
      <Typography variant="h1">{text.title}</Typography>
      {paragraphs.map((p, i) => (
        <Typography key={i} variant="subtitle1" component="p" sx={{ whiteSpace: 'pre-line' }}>
          {p}
        </Typography>
      ))}
      {products.length > 0 ? (
        <Typography color="text.secondary">Your order: {products.join(', ')}</Typography>
      ) : null}
      <StatusButton
        size="large"
        status={leaving ? 'loading' : 'idle'}
        onClick={async () => {
          setLeaving(true);
          await navigate(pageAfterPrePage(page, settings.displayPages));
        }}
      >
        {continueLabel}
      </StatusButton>
    </Stack>
  );
}
