// /admin/catalog/:productId and /admin/catalog/new (issue 18): one product of the chosen storefront
// in sections (Details & price, Quantity & refills, Visit & stages, Where it ships & shipping
// methods, Images), then its formulary and the answers flagged for the doctor. Deactivating
// (asked first) takes it off the shelf; orders that have it keep it.
import type { AdminProductInput, AdminProductView } from '@store/domain';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { AdminPageHeader } from '@/components/admin/AdminPageHeader';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { FormAlert } from '@/components/FormAlert';
import { ErrorState, LoadingState } from '@/components/PageState';
import { StatusButton, type ButtonStatus } from '@/components/StatusButton';
import { adminHref, useAdminStorefront } from '@/shared/admin';
import { useDocumentTitle } from '@/shared/storefront';
import { useCatalogOptions, useProduct, useSaveProduct, useSetActive } from './api/adminCatalog.api';
import { FlaggedAnswersSection } from './components/FlaggedAnswersSection';
import { FormularySection } from './components/FormularySection';
import { EMPTY_PRODUCT, ProductForm } from './components/ProductForm';

function inputOf(p: AdminProductView): AdminProductInput {
  const { id: _id, storefrontId: _s, updatedAt: _u, shipsTo, ...input } = p;
  return { ...input, shipsTo: shipsTo as AdminProductInput['shipsTo'] };
}

function ActiveButton({ storefrontId, product }: { storefrontId: string; product: AdminProductView }) {
  const setActive = useSetActive(storefrontId, product.id);
  const [asking, setAsking] = useState(false);
  const status: ButtonStatus = setActive.isPending ? 'loading' : 'idle';
  return (
    <>
      {product.active ? (
        <StatusButton variant="outlined" color="error" status={status} onClick={() => setAsking(true)}>
          Deactivate
        </StatusButton>
      ) : (
        <StatusButton variant="outlined" status={status} onClick={() => setActive.mutate(true)}>
          Put on sale
        </StatusButton>
      )}
      {setActive.error ? <FormAlert error={setActive.error} /> : null}
      <ConfirmDialog
        open={asking}
        title={`Take ${product.title} off sale?`}
        text="Patients can no longer buy it; carts and orders that have it keep it. You can put it back on sale later."
        confirmLabel="Deactivate"
        onConfirm={() => setActive.mutate(false)}
        onClose={() => setAsking(false)}
      />
    </>
  );
}

export function ProductEditorPage() {
  const { productId: param } = useParams();
  const isNew = param === 'new';
  const productId = isNew ? undefined : param;
  const navigate = useNavigate();
  const { storefront, me } = useAdminStorefront();
  const product = useProduct(storefront?.id, productId);
  const options = useCatalogOptions(storefront?.id);
  const save = useSaveProduct(storefront?.id ?? '', productId ?? null);
  useDocumentTitle(isNew ? 'New product' : (product.data?.title ?? 'Product'));

  const back = (
    <Link component={RouterLink} to={adminHref('/admin/catalog', storefront?.id)}>
      Back to the catalog
    </Link>
  );
  if (me.isPending || options.isPending || (!isNew && product.isPending)) return <LoadingState label="Loading the product…" />;
  const failed = me.error ?? options.error ?? product.error;
  if (failed || !storefront || !options.data)
    return (
      <Stack spacing={2}>
        {back}
        <ErrorState
          error={failed}
          onRetry={() => {
            void me.refetch();
            void options.refetch();
            void product.refetch();
          }}
        />
      </Stack>
    );

  const current = product.data;
  return (
    <>
      <AdminPageHeader
        title={isNew ? 'New product' : (current?.title ?? 'Product')}
        actions={current ? <ActiveButton storefrontId={storefront.id} product={current} /> : null}
      >
        <Stack spacing={1}>
          {back}
          <span>{storefront.name}</span>
        </Stack>
      </AdminPageHeader>
      <Stack spacing={3}>
        {current && !current.active ? <Alert severity="info">This product is not on sale: patients cannot find or buy it.</Alert> : null}
        <ProductForm
          key={current ? `${current.id}:${current.active}` : 'new'}
          initial={current ? inputOf(current) : EMPTY_PRODUCT}
          options={options.data}
          submitLabel={isNew ? 'Create product' : 'Save changes'}
          onSave={async (values) => {
            const saved = await save.mutateAsync(values);
            if (isNew) await navigate(adminHref(`/admin/catalog/${saved.id}`, storefront.id), { replace: true });
            return saved;
          }}
        />
        {current ? <FormularySection storefrontId={storefront.id} productId={current.id} /> : null}
        {current ? <FlaggedAnswersSection storefrontId={storefront.id} productId={current.id} /> : null}
      </Stack>
    </>
  );
}
