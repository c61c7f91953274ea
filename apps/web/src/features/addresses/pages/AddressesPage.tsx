// ACCOUNT_ROUTES.myAddresses (issue 17 "Addresses page: list, add, edit, remove, make default"): the
// signed-in patient's saved addresses in the SPEC §9 groups MOST RECENT ADDRESS and OTHER SAVED
// ADDRESSES. The most recent address is the default the checkout preselects, so "Make default"
// marks one used (POST /api/addresses/:id/use) and it moves to the top. Removing asks first. After
// an add, edit, make default or remove, keyboard focus goes to the message saying what happened.
// The sign-in prompt is the account feature's; the router hands it in.
import { ADDRESS_GROUPS, formatUsAddress, formatUsPhone } from '@store/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type ComponentType } from 'react';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { EmptyState, ErrorState, LoadingState, errorText } from '@/components/PageState';
import { StatusButton } from '@/components/StatusButton';
import { useFocusLater } from '@/components/useFocusLater';
import { useSession } from '@/shared/session';
import { useDocumentTitle } from '@/shared/storefront';
import { useAddAddress, useAddressBook, useEditAddress, useMakeDefault, useRemoveAddress, type SavedAddress } from '../api/addresses.api';
import { AddressBookForm } from '../components/AddressBookForm';

const TITLE = 'Addresses';
const MESSAGE_ID = 'addresses-message';

type Pending = { id: string; action: 'default' | 'remove' } | null;

function AddressCard({
  address,
  isDefault,
  editing,
  pending,
  onEdit,
  onCloseEdit,
  onMakeDefault,
  onRemove,
}: {
  address: SavedAddress;
  isDefault: boolean;
  editing: boolean;
  pending: Pending;
  onEdit: () => void;
  onCloseEdit: (saved: boolean) => void;
  onMakeDefault: () => void;
  onRemove: () => void;
}) {
  const edit = useEditAddress();
  const busy = pending?.id === address.id ? pending.action : null;
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, listStyle: 'none' }} aria-label={`${address.fullName}, ${formatUsAddress(address)}`}>
      {editing ? (
        <AddressBookForm
          label={`Edit the address of ${address.fullName}`}
          defaultValues={{ ...address, line2: address.line2 ?? '' }}
          submitLabel="Save changes"
          onSubmit={async (values) => {
            await edit.mutateAsync({ id: address.id, address: values });
            onCloseEdit(true);
          }}
          onCancel={() => onCloseEdit(false)}
        />
      ) : (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
          <Box>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography sx={{ fontWeight: 600 }}>{address.fullName}</Typography>
              {isDefault ? <Chip size="small" color="primary" label="Default" /> : null}
            </Stack>
            <Typography>{formatUsAddress(address)}</Typography>
            <Typography variant="body2" color="text.secondary">
              {formatUsPhone(address.phone)}
            </Typography>
          </Box>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', flexWrap: 'wrap', gap: 1 }}>
            {isDefault ? null : (
              <StatusButton variant="outlined" size="small" status={busy === 'default' ? 'loading' : 'idle'} onClick={onMakeDefault} aria-label={`Make default: ${formatUsAddress(address)}`}>
                Make default
              </StatusButton>
            )}
            <Button size="small" onClick={onEdit} aria-label={`Edit: ${formatUsAddress(address)}`}>
              Edit
            </Button>
            <StatusButton variant="text" color="error" size="small" status={busy === 'remove' ? 'loading' : 'idle'} onClick={onRemove} aria-label={`Remove: ${formatUsAddress(address)}`}>
              Remove
            </StatusButton>
          </Stack>
        </Stack>
      )}
    </Paper>
  );
}

function AddressBook() {
  const book = useAddressBook();
  const add = useAddAddress();
  const makeDefault = useMakeDefault();
  const remove = useRemoveAddress();
  const [adding, setAdding] = useState(false);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [removing, setRemoving] = useState<SavedAddress | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const [message, setMessage] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const focusLater = useFocusLater();
  /** Says what happened and takes keyboard focus there (the button pressed may be gone or moved). */
  const tell = (severity: 'success' | 'error', text: string) => {
    setMessage({ severity, text });
    focusLater(MESSAGE_ID);
  };

  if (book.isPending) return <LoadingState label="Loading your addresses…" />;
  if (book.isError) return <ErrorState error={book.error} onRetry={() => void book.refetch()} retrying={book.isFetching} />;
  const { mostRecent, otherSaved } = book.data;

  const run = async (id: string, action: 'default' | 'remove', done: string) => {
    setPending({ id, action });
    setMessage(null);
    try {
      await (action === 'default' ? makeDefault.mutateAsync(id) : remove.mutateAsync(id));
      tell('success', done);
    } catch (error) {
      tell('error', errorText(error));
    } finally {
      setPending(null);
    }
  };

  const card = (address: SavedAddress, isDefault: boolean) => (
    <AddressCard
      key={address.id}
      address={address}
      isDefault={isDefault}
      editing={editingId === address.id}
      pending={pending}
      onEdit={() => {
        setMessage(null);
        setEditingId(address.id);
      }}
      onCloseEdit={(saved) => {
        setEditingId(null);
        if (saved) tell('success', 'Your changes were saved.');
      }}
      onMakeDefault={() => void run(address.id, 'default', 'Your default address was changed. Checkout will offer it first.')}
      onRemove={() => setRemoving(address)}
    />
  );

  return (
    <Stack spacing={3}>
      <Box role="status" aria-live="polite">
        {message ? (
          <Alert id={MESSAGE_ID} tabIndex={-1} severity={message.severity}>
            {message.text}
          </Alert>
        ) : null}
      </Box>
      {adding ? (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="h2" sx={{ mb: 2 }}>
            New address
          </Typography>
          <AddressBookForm
            label="New address"
            submitLabel="Save address"
            onSubmit={async (values) => {
              await add.mutateAsync(values);
              setAdding(false);
              tell('success', 'The address was saved.');
            }}
            onCancel={() => setAdding(false)}
          />
        </Paper>
      ) : (
        <Button variant="contained" sx={{ alignSelf: 'flex-start' }} onClick={() => setAdding(true)}>
          Add a new address
        </Button>
      )}
      {!mostRecent && otherSaved.length === 0 ? (
        <EmptyState title="No saved addresses yet" body="Addresses you add here, or ship an order to, are kept for your next order." />
      ) : null}
      {mostRecent ? (
        <Box component="section" aria-labelledby="addresses-most-recent">
          <Typography id="addresses-most-recent" variant="h2" sx={{ fontSize: 14, letterSpacing: 1, mb: 1 }}>
            {ADDRESS_GROUPS.mostRecent}
          </Typography>
          <Stack component="ul" spacing={1} sx={{ m: 0, p: 0 }}>
            {card(mostRecent, true)}
          </Stack>
        </Box>
      ) : null}
      {otherSaved.length > 0 ? (
        <Box component="section" aria-labelledby="addresses-other">
          <Typography id="addresses-other" variant="h2" sx={{ fontSize: 14, letterSpacing: 1, mb: 1 }}>
            {ADDRESS_GROUPS.otherSaved}
          </Typography>
          <Stack component="ul" spacing={1} sx={{ m: 0, p: 0 }}>
            {otherSaved.map((a) => card(a, false))}
          </Stack>
        </Box>
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        title="Remove this address?"
        text={removing ? `${removing.fullName}, ${formatUsAddress(removing)} will no longer be offered at checkout. Orders already shipped there are not changed.` : ''}
        confirmLabel="Remove"
        onConfirm={() => {
          if (removing) void run(removing.id, 'remove', 'The address was removed.');
        }}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}

export function AddressesPage({ SignInRequired }: { SignInRequired: ComponentType<{ title: string }> }) {
  useDocumentTitle(TITLE);
  const session = useSession();
  if (session.isPending) return <LoadingState />;
  if (session.data?.kind !== 'user') return <SignInRequired title={TITLE} />;
  return (
    <Container sx={{ py: { xs: 4, md: 6 } }}>
      <Stack spacing={3} sx={{ maxWidth: 720 }}>
        <Typography variant="h1">{TITLE}</Typography>
        <Typography color="text.secondary">
          Your default address is the one at the top: checkout offers it first. Choose Make default on another address
          to move it to the top, or add, edit and remove addresses here.
        </Typography>
        <AddressBook />
        <Link component={RouterLink} to="/my-account" sx={{ alignSelf: 'flex-start' }}>
          Back to my account
        </Link>
      </Stack>
    </Container>
  );
}
