// The frame around every page: skip link, header (brand, main navigation, Log in), main, footer
// (support phone and email). Landmarks: header, nav, main, footer.
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import { NavLink, Link as RouterLink, useLocation } from 'react-router';
import { ACCOUNT_ROUTES } from '@/shared/accountRoutes';
import { useCart } from '@/shared/cart';
import { telHref } from '@/shared/contact';
import { useLoginDrawer } from '@/shared/loginDrawer';
import { rememberEntryPage, useLogout, useSession } from '@/shared/session';
import { useStoreConfig } from '@/shared/storefront';
import { MAIN_CONTENT_ID } from './mainContent';
import { NavigationNotice } from './NavigationNotice';
import { PrivacyNotice } from './PrivacyNotice';
import { visuallyHidden } from './visuallyHidden';


/** Phones (below MUI's sm): tighter header buttons, so Shop, Cart and the account buttons share one row. */
const COMPACT_ON_PHONE = { '@media (max-width: 599.95px)': { px: 1, minWidth: 0 } } as const;

const NAV_LINK_SX = {
  color: 'store.navLink',
  '&[aria-current="page"]': { textDecoration: 'underline' },
  ...COMPACT_ON_PHONE,
} as const;

/** Cart, with how many products are in it once there are any (read with the cart the pages share). */
function CartLink() {
  const { cart } = useCart();
  const count = cart?.items.length ?? 0;
  return (
    <Button component={NavLink} to="/cart" sx={NAV_LINK_SX}>
      {/* A count bubble drawn here: MUI's Badge would be downloaded on every first page for this alone (issue 19). */}
      <Box component="span" sx={{ position: 'relative', display: 'inline-block' }}>
        Cart
        {count > 0 && (
          <Box
            component="span"
            aria-hidden
            data-testid="cart-count"
            sx={{
              position: 'absolute',
              top: -6,
              right: -22,
              minWidth: 20,
              height: 20,
              px: 0.75,
              borderRadius: 10,
              bgcolor: 'primary.main',
              color: 'primary.contrastText',
              fontSize: '0.75rem',
              fontWeight: 500,
              lineHeight: '20px',
              textAlign: 'center',
            }}
          >
            {count}
          </Box>
        )}
      </Box>
      {count > 0 && (
        <Box
          component="span"
          sx={visuallyHidden}
        >{`, ${count} ${count === 1 ? 'item' : 'items'}`}</Box>
      )}
    </Button>
  );
}

function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    document.getElementById(MAIN_CONTENT_ID)?.focus();
  };
  return (
    <Link
      href={`#${MAIN_CONTENT_ID}`}
      onClick={skip}
      sx={{
        position: 'absolute',
        left: 8,
        top: -48,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        bgcolor: 'background.paper',
        px: 2,
        py: 1,
        '&:focus': { top: 8 },
      }}
    >
      Skip to main content
    </Link>
  );
}

/** Log in, or — once signed in — My account and Log out (SPEC §2: logout opens the drawer). */
function AccountButtons() {
  const { openLoginDrawer, isOpen } = useLoginDrawer();
  const session = useSession();
  const { logout, isPending } = useLogout();
  if (session.data?.kind === 'user') {
    return (
      <Stack direction="row" spacing={{ xs: 0.5, sm: 1 }}>
        <Button component={NavLink} to="/my-account" sx={{ color: 'store.signInText', ...COMPACT_ON_PHONE }}>
          My account
        </Button>
        <Button
          variant="outlined"
          onClick={logout}
          disabled={isPending}
          sx={{ color: 'store.signInText', borderColor: 'currentColor', ...COMPACT_ON_PHONE }}
        >
          Log out
        </Button>
      </Stack>
    );
  }
  return (
    <Button
      variant="outlined"
      aria-haspopup="dialog"
      aria-expanded={isOpen}
      onClick={() => openLoginDrawer()}
      sx={{ color: 'store.signInText', borderColor: 'currentColor' }}
    >
      Log in
    </Button>
  );
}

function Header() {
  const { name } = useStoreConfig();
  return (
    <AppBar
      component="header"
      position="static"
      elevation={0}
      sx={{
        bgcolor: 'store.navBackground',
        color: 'store.navLink',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Container>
        <Toolbar disableGutters sx={{ flexWrap: 'wrap', gap: { xs: 0.5, sm: 1 }, py: 1 }}>
          <Link
            component={RouterLink}
            to="/"
            data-testid="brand-name"
            color="primary"
            variant="h3"
            underline="none"
            // On a phone the brand has the first row to itself and the links share the second
            // (Log in or My account to the right), instead of whatever happens to wrap.
            sx={{ mr: 'auto', fontWeight: 700, flexBasis: { xs: '100%', sm: 'auto' } }}
          >
            {name}
          </Link>
          <Box component="nav" aria-label="Main">
            <Stack
              direction="row"
              spacing={{ xs: 0.5, sm: 1 }}
              component="ul"
              sx={{ listStyle: 'none', m: 0, p: 0 }}
            >
              <li>
                <Button component={NavLink} to="/products" sx={NAV_LINK_SX}>
                  Shop
                </Button>
              </li>
              <li>
                <CartLink />
              </li>
            </Stack>
          </Box>
          <Box sx={{ ml: { xs: 'auto', sm: 0 } }}>
            <AccountButtons />
          </Box>
        </Toolbar>
      </Container>
    </AppBar>
  );
}

function Footer() {
  const { name, settings } = useStoreConfig();
  const phone = settings.supportPhone.trim();
  const email = settings.supportEmail.trim();
  return (
    <Box component="footer" sx={{ bgcolor: 'store.primaryLightest', py: 4, mt: 'auto' }}>
      <Container>
        <Stack spacing={1}>
          {phone || email ? (
            <>
              <Typography variant="h3" component="h2">
                Customer support
              </Typography>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 3 }}>
                {phone ? (
                  <Typography>
                    Call <Link href={telHref(phone)}>{phone}</Link>
                  </Typography>
                ) : null}
                {email ? (
                  <Typography>
                    Email <Link href={`mailto:${email}`}>{email}</Link>
                  </Typography>
                ) : null}
                {/* issue 17: a phone-order request (SPEC §7), beside the store's own contacts. */}
                <Typography>
                  <Link component={RouterLink} to={ACCOUNT_ROUTES.phoneOrder} underline="always">
                    Order by phone
                  </Link>
                  : we call you
                </Typography>
              </Stack>
            </>
          ) : null}
          <Typography variant="body2" color="text.secondary">
            © {new Date().getFullYear()} {name}
          </Typography>
        </Stack>
      </Container>
    </Box>
  );
}

export interface LayoutProps {
  children: ReactNode;
  /** Show the dismissible cookie/privacy notice under the header (hidden by `hide_gdpr_banner=1`). */
  showPrivacyNotice?: boolean;
}

export function Layout({ children, showPrivacyNotice = false }: LayoutProps) {
  const mainRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const firstRender = useRef(true);

  // The first page of the visit, sent with a registration (SPEC §7 register: landingPage).
  useEffect(() => rememberEntryPage(), []);

  // After a client-side navigation, move focus to the new page so keyboard and screen-reader users
  // start from its top, as they would after a full page load.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <SkipLink />
      <Header />
      {showPrivacyNotice ? <PrivacyNotice /> : null}
      <Box
        component="main"
        id={MAIN_CONTENT_ID}
        ref={mainRef}
        tabIndex={-1}
        sx={{ flex: 1, '&:focus': { outline: 'none' } }}
      >
        <NavigationNotice />
        {children}
      </Box>
      <Footer />
    </Box>
  );
}
