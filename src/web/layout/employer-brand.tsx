/**
 * The employer's logo (base64 JPEG, 190x50) or the default logo (220x110) when there is none, the account name and
 * the 'Powered by' product mark (spec §1 Branding, §9 logo sizes).
 */
import { Anchor, Group, Image, Stack, Text } from '@mantine/core';
import { Link as RouterLink } from 'react-router-dom';
import type { EmployerBranding } from '#contracts/entities.ts';
import defaultLogo from '../assets/default-logo.svg';
import productMark from '../assets/product-mark.svg';
import { messages } from '#web/messages.ts';
import { formatMessage } from '#engine/core/messages.ts';

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

/** 'Powered by' and the product mark: side by side, or stacked and smaller on a narrow screen. */
export function PoweredBy({ compact = false }: { compact?: boolean }) {
  const Layout = compact ? Stack : Group;
  return (
    <Layout gap={compact ? 0 : 6} wrap="nowrap">
      <Text size="xs" c="dimmed">
        {messages['powered-by']}
      </Text>
      <Image src={productMark} alt={PRODUCT_NAME} w={96 * (compact ? 0.75 : 1)} h={24 * (compact ? 0.75 : 1)} fit="contain" />
    </Layout>
  );
}

/**
 * The left of every header: the logo linking to /, the account name and 'Powered by'. On a narrow screen it is
 * compact and gives way (the name wraps) so the header's buttons stay on its one row beside it.
 */
export function HeaderBrand({ branding, compact }: { branding: EmployerBranding | undefined; compact: boolean }) {
  return (
    <Group gap={compact ? 'xs' : 'md'} wrap="nowrap" miw={0}>
      <Anchor component={RouterLink} to="/" aria-label={messages['home']} style={{ flexShrink: 0 }}>
        <EmployerLogo branding={branding} compact={compact} />
      </Anchor>
      <Stack gap={2} miw={0}>
        {branding?.accountname && (
          <Text fw={600} size={compact ? 'sm' : undefined} style={{ overflowWrap: 'anywhere' }}>
            {branding.accountname}
          </Text>
        )}
        <PoweredBy compact={compact} />
      </Stack>
    </Group>
  );
}
