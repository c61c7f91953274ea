// The product's call to action (SPEC §4 action labels): "START ONLINE VISIT" for a product that
// needs a doctor's consult — it goes into the cart and the patient is sent to the first pending
// checkout stage (SPEC §2) — and "Add to cart" for the rest. The button is disabled while the cart
// is saved; afterwards keyboard focus is put back on it (the success or error message is announced
// as an alert) instead of dropping to the page.
import { ACTION_LABELS } from '@store/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { isApiError } from '@/lib/api';
import { checkoutRoute, useAddToCart } from '@/shared/cart';
import type { Product } from '@/shared/catalog';
import { useSession } from '@/shared/session';
import { useStoreConfig } from '@/shared/storefront';
import { errorText } from './PageState';
import { StatusButton } from './StatusButton';

export interface AddToCartButtonProps {
  product: Pick<Product, 'id' | 'title' | 'consultRequired'>;
  qty: number;
  fullWidth?: boolean;
}

export function AddToCartButton({ product, qty, fullWidth = false }: AddToCartButtonProps) {
  const add = useAddToCart();
  const navigate = useNavigate();
  const session = useSession();
  const { settings } = useStoreConfig();
  const [added, setAdded] = useState(false);
  const buttonRef = useRef<HTMLButtonElement | null>(null);
  const [refocus, setRefocus] = useState(false);
  useEffect(() => {
    if (!refocus || add.isPending) return;
    setRefocus(false);
    // Only if focus was lost while the button was disabled (or is still on it).
    const active = document.activeElement;
    if (active && active !== document.body && active !== buttonRef.current) return;
    buttonRef.current?.focus();
  }, [refocus, add.isPending]);

  const onClick = () => {
    setAdded(false);
    add.mutate(
      { productId: product.id, qty },
      {
        onError: () => setRefocus(true),
        onSuccess: async (cart) => {
          if (!product.consultRequired) {
            setAdded(true);
            setRefocus(true);
            return;
          }
          const route = checkoutRoute(cart, { loggedIn: session.data?.kind === 'user', display: settings.displayPages });
          await navigate(route ?? '/cart');
        },
      },
    );
  };

  const error = add.error;
  const multiple = isApiError(error) && error.code === 'MULTIPLE_PRODUCTS';
  return (
    <Stack spacing={2} sx={{ alignItems: fullWidth ? 'stretch' : 'flex-start' }}>
      <StatusButton
        size="large"
        fullWidth={fullWidth}
        status={add.isPending ? 'loading' : added ? 'done' : 'idle'}
        doneLabel="Added"
        onClick={onClick}
        ref={buttonRef}
        data-testid="add-to-cart"
      >
        {product.consultRequired ? ACTION_LABELS.startOnlineVisit : 'Add to cart'}
      </StatusButton>
      {added ? (
        <Alert
          severity="success"
          action={
            <Button component={RouterLink} to="/cart" color="inherit" size="small">
              View cart
            </Button>
          }
        >
          {product.title} is in your cart.
        </Alert>
      ) : null}
      {error ? (
        <Alert
          severity="error"
          action={
            multiple ? (
              <Button component={RouterLink} to="/cart" color="inherit" size="small">
                View cart
              </Button>
            ) : undefined
          }
        >
          {errorText(error)}
        </Alert>
      ) : null}
    </Stack>
  );
}
