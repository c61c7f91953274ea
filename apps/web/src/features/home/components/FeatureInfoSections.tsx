// Feature information sections. Flags: hideFeatureInfoImages (text only), leftAlignFeatureInfoText
// (text starts at the left; centred otherwise), firstFeatureInfoExtraMarginTop (more room above
// the first section).
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useStoreConfig } from '@/shared/storefront';
import { featureInfoSections } from '../featureInfo';

export function FeatureInfoSections() {
  const { flags, name } = useStoreConfig();
  const sections = featureInfoSections(name);
  const align = flags.leftAlignFeatureInfoText ? 'left' : 'center';
  return (
    <Container>
      {sections.map((section, index) => {
        const imageFirst = index % 2 === 0;
        return (
          <Box
            key={section.id}
            component="section"
            aria-labelledby={`feature-${section.id}`}
            data-testid="feature-info"
            data-align={align}
            data-extra-margin-top={index === 0 && flags.firstFeatureInfoExtraMarginTop ? 'true' : undefined}
            sx={{
              mt: index === 0 ? (flags.firstFeatureInfoExtraMarginTop ? { xs: 8, md: 14 } : { xs: 4, md: 6 }) : { xs: 4, md: 6 },
              display: 'grid',
              gap: { xs: 3, md: 6 },
              alignItems: 'center',
              gridTemplateColumns: { xs: '1fr', md: flags.hideFeatureInfoImages ? '1fr' : '1fr 1fr' },
              // Below the fold: the browser lays it out when it comes near the screen, not before the
              // first paint (issue 19).
              contentVisibility: 'auto',
              containIntrinsicSize: 'auto 480px',
            }}
          >
            {flags.hideFeatureInfoImages ? null : (
              <Box
                component="img"
                src={section.image}
                alt={section.imageAlt}
                width={600}
                height={400}
                loading="lazy"
                decoding="async"
                sx={{ width: '100%', height: 'auto', borderRadius: 1, order: { md: imageFirst ? 0 : 1 } }}
              />
            )}
            <Box sx={{ textAlign: align, maxWidth: flags.hideFeatureInfoImages ? 720 : 'none', mx: flags.hideFeatureInfoImages && align === 'center' ? 'auto' : 0 }}>
              <Typography id={`feature-${section.id}`} variant="h2" gutterBottom>
                {section.title}
              </Typography>
              <Typography variant="subtitle1" color="text.secondary">
                {section.body}
              </Typography>
            </Box>
          </Box>
        );
      })}
    </Container>
  );
}
