// /admin (issue 18): the console's first page: the operator's company and its storefronts, each
// with its host names, and the console's sections.
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AdminPageHeader } from '@/components/admin/AdminPageHeader';
import { ErrorState, LoadingState } from '@/components/PageState';
import { useAdminMe } from '@/shared/admin';
import { useDocumentTitle } from '@/shared/storefront';

export function AdminHomePage() {
  useDocumentTitle('Operator console');
  const me = useAdminMe();
  if (me.isPending) return <LoadingState label="Loading your storefronts…" />;
  if (me.isError) return <ErrorState error={me.error} onRetry={() => void me.refetch()} retrying={me.isFetching} />;
  return (
    <>
      <AdminPageHeader title={me.data.company.name}>
        Signed in as {me.data.user.firstName} {me.data.user.lastName}. Everything here changes this company&rsquo;s storefronts only.
      </AdminPageHeader>
      <Typography variant="h2" sx={{ fontSize: 22, mb: 2 }}>
        Storefronts
      </Typography>
      <Grid container spacing={2}>
        {me.data.storefronts.map((s) => (
          <Grid key={s.id} size={{ xs: 12, sm: 6, lg: 4 }}>
            <Card variant="outlined" component="section" aria-labelledby={`sf-${s.id}`}>
              <CardContent>
                <Stack spacing={1}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <Typography id={`sf-${s.id}`} variant="h3" sx={{ fontSize: 18 }}>
                      {s.name}
                    </Typography>
                    {s.isDefault ? <Chip size="small" label="Default" /> : null}
                  </Stack>
                  <Typography color="text.secondary">
                    {s.hosts.length > 0 ? s.hosts.join(', ') : 'No host name yet'}
                  </Typography>
                </Stack>
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
    </>
  );
}
