/**
 * The employer's logo (base64 JPEG, 190x50) or the default logo (220x110) when there is none, the account name and
 * the 'Powered by' product mark (spec §1 Branding, §9 logo sizes).
 */
import { Anchor, Group, Image, Stack, Text } from '@mantine/core';
import { Link as RouterLink } from 'react-router-dom';
import type { EmployerBranding } from '#contracts/entities.ts';
import defaultLogo from '../assets/default-logo.svg';
import productMark from '../assets/product-mark.svg';
import { messages } from '#portal/messages.ts';
import { formatMessage } from '#engine/runtime/messages.ts';

/** The product's name, the same in every language. */
const PRODUCT_NAME = 'Benefit Portal';

/** On a narrow screen the logo is shown at this share of its size, so the header fits a phone's width. */
const COMPACT_SCALE = 0.5;

export function EmployerLogo({ branding, compact = false }: { branding: EmployerBranding | undefined; compact?: boolean }) {
  const scale = compact ? COMPACT_SCALE : 1;
  if (branding?.mediadata) {
    return (
      <Image
        src={`data:image/jpeg;base64,${branding.mediadata}`}
        alt={formatMessage(messages['logo-of'], { name: branding.accountname })}
        width={190}
        height={50}
        w={190 * scale}
        h={50 * scale}
        fit="contain"
      />
    );
  }
  return <Image src={defaultLogo} alt={formatMessage(messages['logo-of'], { name: PRODUCT_NAME })} width={220} height={110} w={220 * scale} h={110 * scale} fit="contain" />;
}

/**
 * 'Powered by' and the product mark: side by side, or smaller on a narrow screen, stacked there unless `inline`.
 */
export function PoweredBy({ compact = false, inline = false }: { compact?: boolean; inline?: boolean }) {
  const stacked = compact && !inline;
  const Layout = stacked ? Stack : Group;
  return (
    <Layout gap={stacked ? 0 : 6} wrap="nowrap">
      <Text size="xs" c="dimmed">
        {messages['powered-by']}
      </Text>
      <Image src={productMark} alt={PRODUCT_NAME} w={96 * (compact ? 0.75 : 1)} h={24 * (compact ? 0.75 : 1)} fit="contain" />
    </Layout>
  );
}

/** The logo linking to /. */
export function HomeLogo({ branding, compact }: { branding: EmployerBranding | undefined; compact: boolean }) {
  return (
    <Anchor component={RouterLink} to="/" aria-label={messages['home']} style={{ flexShrink: 0 }}>
      <EmployerLogo branding={branding} compact={compact} />
    </Anchor>
  );
}

/**
 * The account name and 'Powered by': stacked beside the logo, or on one line under a phone's header row ('Powered
 * by' goes below the name when both do not fit). The name wraps between its words.
 */
export function BrandCaption({ branding, compact, inline = false }: { branding: EmployerBranding | undefined; compact: boolean; inline?: boolean }) {
  const Layout = inline ? Group : Stack;
  return (
    <Layout gap={inline ? 'xs' : 2} wrap="wrap" align={inline ? 'center' : undefined}>
      {branding?.accountname && (
        <Text fw={600} size={compact ? 'sm' : undefined} style={{ overflowWrap: 'break-word' }}>
          {branding.accountname}
        </Text>
      )}
      <PoweredBy compact={compact} inline={inline} />
    </Layout>
  );
}

/**
 * The left of a header: the logo linking to /, the account name and 'Powered by'. On a narrow screen it is compact.
 * It claims only the width of its longest word and grows into what the row leaves: where the row runs short it gives
 * way first (the name and 'Powered by' wrap by words), before the items beside it wrap.
 */
export function HeaderBrand({ branding, compact }: { branding: EmployerBranding | undefined; compact: boolean }) {
  return (
    <Group gap={compact ? 'xs' : 'md'} wrap="nowrap" style={{ width: 'min-content', flexGrow: 1 }}>
      <HomeLogo branding={branding} compact={compact} />
      <BrandCaption branding={branding} compact={compact} />
    </Group>
  );
}
