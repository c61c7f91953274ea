// The signed-in patient's saved addresses as a picker: "MOST RECENT ADDRESS" and "OTHER SAVED
// ADDRESSES" (SPEC §9), each address a radio; edit one in place, add a new one, then "Ship to this
// address" marks it used and hands it to the caller (the checkout engine copies it onto the order).
import { ADDRESS_GROUPS, formatUsAddress, formatUsPhone, MESSAGES } from '@store/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { EmptyState, ErrorState, LoadingState, errorText } from '@/components/PageState';
import { StatusButton } from '@/components/StatusButton';
import { useFocusLater } from '@/components/useFocusLater';
import {
  useCreateAddress,
  useMarkAddressUsed,
  useSavedAddresses,
  useUpdateAddress,
  type SavedAddress,
} from '../api/shipping.api';
import { AddressForm, type AddressFormHandle } from './AddressForm';

export interface SavedAddressesProps {
  /** The address picked in the list (controlled). */
  selectedId: string | null;
  onSelect: (address: SavedAddress) => void;
  /** After "Ship to this address": the server marked it used. */
  onUse?: (address: SavedAddress) => void;
  /** States the order's products ship to; addresses elsewhere say so and cannot be used. */
  shipsTo?: readonly string[];
  /** The page has its own Continue (checkout): no "Ship to this address" button. */
  hideUseButton?: boolean;
  /** Lets the page's Continue save an address still open in the add or edit form. */
  handleRef?: Ref<SavedAddressesHandle>;
}

export interface SavedAddressesHandle {
  /**
   * Saves what was typed in an open form, as its Save button would (issue 13 #11: Continue never
   * drops a typed address). The new address once saved; null when nothing was typed (or only an
   * edit was saved); 'invalid' when a form still needs something (its fields say what). With
   * `checkEmpty`, an open but empty new-address form is checked too, so its fields say what is missing.
   */
  saveTyped: (options?: { checkEmpty?: boolean }) => Promise<SavedAddress | null | 'invalid'>;
}

function AddressSummary({ address }: { address: SavedAddress }) {
  return (
    <Box component="span" sx={{ display: 'block', py: 0.5 }}>
      <Typography component="span" sx={{ display: 'block', fontWeight: 600 }}>
        {address.fullName}
      </Typography>
      <Typography component="span" sx={{ display: 'block' }}>
        {formatUsAddress(address)}
      </Typography>
      <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
        {formatUsPhone(address.phone)}
      </Typography>
    </Box>
  );
}

export function SavedAddresses({ selectedId, onSelect, onUse, shipsTo, hideUseButton = false, handleRef }: SavedAddressesProps) {
  const id = useId();
  const query = useSavedAddresses();
  const createAddress = useCreateAddress();
  const updateAddress = useUpdateAddress();
  const markUsed = useMarkAddressUsed();
  const [editingId, setEditingId] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [useStatus, setUseStatus] = useState<'idle' | 'loading' | 'done'>('idle');
  const [useError, setUseError] = useState<string | null>(null);
  // A pressed Edit / Add / Cancel / Save vanishes with the form it opens or closes: focus goes on.
  const focusLater = useFocusLater();
  const editId = (address: Pick<SavedAddress, 'id'>) => `${id}-edit-${address.id}`;
  const radioId = (address: Pick<SavedAddress, 'id'>) => `${id}-address-${address.id}`;
  const addFormRef = useRef<AddressFormHandle>(null);
  const editFormRef = useRef<AddressFormHandle>(null);
  const created = useRef<SavedAddress | null>(null);
  useImperativeHandle(handleRef, () => ({
    saveTyped: async ({ checkEmpty = false } = {}) => {
      const edit = editFormRef.current;
      if (edit?.isDirty() && !(await edit.submit())) return 'invalid';
      const add = addFormRef.current;
      if (!add || !(add.isDirty() || checkEmpty)) return null;
      created.current = null;
      return (await add.submit()) ? created.current : 'invalid';
    },
  }));

  if (query.isPending) return <LoadingState label="Loading your saved addresses…" />;
  if (query.isError) {
    return (
      <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    );
  }

  const { mostRecent, otherSaved } = query.data;
  const all = mostRecent ? [mostRecent, ...otherSaved] : otherSaved;
  const byId = new Map(all.map((a) => [a.id, a]));
  const selected = selectedId ? (byId.get(selectedId) ?? null) : null;
  const shipsToState = (a: SavedAddress) => !shipsTo || shipsTo.includes(a.state);

  const select = (addressId: string) => {
    const address = byId.get(addressId);
    if (address) {
      setUseStatus('idle');
      setUseError(null);
      onSelect(address);
    }
  };

  const shipToSelected = async () => {
    if (!selected) return;
    setUseStatus('loading');
    setUseError(null);
    try {
      const used = await markUsed.mutateAsync(selected.id);
      setUseStatus('done');
      if (used) onUse?.(used);
    } catch (error) {
      setUseStatus('idle');
      setUseError(errorText(error));
    }
  };

  const group = (heading: string, headingId: string, addresses: SavedAddress[]) => (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h3" component="h3" sx={{ fontSize: 12, letterSpacing: 1, mb: 1 }}>
        {heading}
      </Typography>
      <RadioGroup
        name={`${id}-address`}
        value={selectedId && addresses.some((a) => a.id === selectedId) ? selectedId : ''}
        onChange={(_, value) => select(value)}
        aria-labelledby={headingId}
      >
        <Stack spacing={1}>
          {addresses.map((address) =>
            editingId === address.id ? (
              <Paper key={address.id} variant="outlined" sx={{ p: 2 }}>
                <AddressForm
                  handleRef={editFormRef}
                  label={`Edit address of ${address.fullName}`}
                  defaultValues={address}
                  submitLabel="Save changes"
                  onCancel={() => {
                    setEditingId(null);
                    focusLater(editId(address));
                  }}
                  onSubmit={async (patch) => {
                    const saved = await updateAddress.mutateAsync({ id: address.id, patch });
                    setEditingId(null);
                    focusLater(editId(address));
                    if (saved && selectedId === address.id) onSelect(saved);
                  }}
                />
              </Paper>
            ) : (
              <Paper key={address.id} variant="outlined" sx={{ px: 2, py: 1 }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
                  <FormControlLabel
                    value={address.id}
                    control={<Radio id={radioId(address)} />}
                    label={<AddressSummary address={address} />}
                    sx={{ alignItems: 'flex-start', '& .MuiRadio-root': { mt: 0.5 } }}
                  />
                  <Button
                    size="small"
                    variant="text"
                    id={editId(address)}
                    onClick={() => setEditingId(address.id)}
                    aria-label={`Edit ${address.fullName}, ${formatUsAddress(address)}`}
                  >
                    Edit
                  </Button>
                </Stack>
                {!shipsToState(address) ? (
                  <Typography variant="body2" color="error" sx={{ pl: 4, pb: 1 }}>
                    {MESSAGES.SHIPPING_STATE_UNAVAILABLE}
                  </Typography>
                ) : null}
              </Paper>
            ),
          )}
        </Stack>
      </RadioGroup>
    </Box>
  );

  const addForm = (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h3" component="h3" sx={{ mb: 2 }}>
        New address
      </Typography>
      <AddressForm
        handleRef={addFormRef}
        label="New address"
        submitLabel="Save address"
        shipsTo={shipsTo}
        onCancel={
          all.length > 0
            ? () => {
                setAdding(false);
                focusLater(`${id}-add`);
              }
            : undefined
        }
        onSubmit={async (address) => {
          const saved = await createAddress.mutateAsync(address);
          created.current = saved ?? null;
          setAdding(false);
          if (saved) {
            onSelect(saved);
            // The new address is picked: focus it, ready for the button that ships there.
            focusLater(radioId(saved));
          }
        }}
      />
    </Paper>
  );

  if (all.length === 0) {
    return (
      <Stack spacing={2}>
        <EmptyState title="No saved addresses yet" body="Add the address we should ship your order to." />
        {addForm}
      </Stack>
    );
  }

  const blocked = selected !== null && !shipsToState(selected);
  return (
    <Stack spacing={3}>
      {mostRecent ? group(ADDRESS_GROUPS.mostRecent, `${id}-recent`, [mostRecent]) : null}
      {otherSaved.length > 0 ? group(ADDRESS_GROUPS.otherSaved, `${id}-other`, otherSaved) : null}
      {adding ? (
        addForm
      ) : (
        <Box>
          <Button id={`${id}-add`} variant="outlined" onClick={() => setAdding(true)}>
            Add a new address
          </Button>
        </Box>
      )}
      {useError ? (
        <Alert severity="error" role="alert">
          {useError}
        </Alert>
      ) : null}
      {blocked ? (
        <Alert severity="warning" role="alert">
          {MESSAGES.SHIPPING_STATE_UNAVAILABLE}
        </Alert>
      ) : null}
      <Box sx={hideUseButton ? { display: 'none' } : undefined}>
        <StatusButton status={useStatus} disabled={!selected || blocked} onClick={() => void shipToSelected()} doneLabel="Selected">
          Ship to this address
        </StatusButton>
      </Box>
    </Stack>
  );
}
