/**
 * The shop's filter panel: the filters and the price sort (src/domain/plans/plan-filters.ts), folded behind a button that
 * counts the active filters, beside the count of plans found. Texts come from the catalogue.
 */
import { fillPlural } from '#contracts/messages.ts';
import {
  activeFilterCount,
  DEDUCTIBLE_BANDS,
  METAL_TIERS,
  noFilters,
  PRICE_BANDS,
  type DeductibleBandId,
  type PlanFilters,
  type PriceBandId,
  type PriceSort,
} from '#domain/plans/plan-filters.ts';
import { formatMessage } from '#engine/runtime/index.ts';
import { catalogueTexts, locale, messages } from '#portal/messages.ts';
import { metalLabel } from '#portal/value-labels.ts';
import { Button, Card, Checkbox, Group, NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import { useId } from 'react';

const DEDUCTIBLE_LABELS: Record<DeductibleBandId, string> = catalogueTexts({
  '1-1000': 'deductible-1-1000',
  '1001-3500': 'deductible-1001-3500',
  '3501-5000': 'deductible-3501-5000',
  '5001-15000': 'deductible-5001-15000',
  '15001-up': 'deductible-15001-up',
});

const PRICE_LABELS: Record<PriceBandId, string> = catalogueTexts({
  'below-200': 'price-below-200',
  '200-400': 'price-200-400',
  '401-600': 'price-401-600',
  '601-800': 'price-601-800',
  '801-1000': 'price-801-1000',
  '1001-up': 'price-1001-up',
});

/** What the panel's results count says: '1 plan', '78 plans'. */
function plansCount(count: number): string {
  return fillPlural({ one: messages['plans-count-one'], other: messages['plans-count'] }, count, locale);
}

/** One filter: a labelled group of checkboxes, its value the chosen options. */
function FilterGroup<V extends string>({ label, options, value, onChange }: { label: string; options: { value: V; label: string }[]; value: V[]; onChange: (value: V[]) => void }) {
  return (
    <Checkbox.Group label={label} value={value} onChange={(chosen) => onChange(chosen as V[])}>
      <Stack gap={4} mt={4}>
        {options.map((option) => (
          <Checkbox key={option.value} value={option.value} label={option.label} />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

type FilterPanelProps = {
  filters: PlanFilters;
  carriers: string[];
  found: number;
  opened: boolean;
  onToggle: () => void;
  onChange: (filters: PlanFilters) => void;
};

/** The filters and the sort, folded behind a button that counts the active filters, beside the count of plans found. */
export function FilterPanel({ filters, carriers, found, opened, onToggle, onChange }: FilterPanelProps) {
  const panelId = useId();
  const active = activeFilterCount(filters);
  const set = (change: Partial<PlanFilters>) => onChange({ ...filters, ...change });
  return (
    <Card withBorder padding="sm" component="section" aria-label={messages['filters']}>
      <Group justify="space-between" wrap="nowrap">
        <Button
          variant={active > 0 ? 'light' : 'default'}
          aria-expanded={opened}
          aria-controls={opened ? panelId : undefined}
          onClick={onToggle}
        >
          {active > 0 ? formatMessage(messages['filters-active'], { count: active }) : messages['filters']}
        </Button>
        <Text fw={600}>{plansCount(found)}</Text>
      </Group>
      {opened && (
        <Stack id={panelId} gap="sm" mt="md">
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            <FilterGroup label={messages['carrier']} options={carriers.map((carrier) => ({ value: carrier, label: carrier }))} value={filters.carriers} onChange={(carriers) => set({ carriers })} />
            <FilterGroup label={messages['metal-tier']} options={METAL_TIERS.map((metal) => ({ value: metal, label: metalLabel(metal) }))} value={filters.metals} onChange={(metals) => set({ metals })} />
            <FilterGroup
              label={messages['deductible']}
              options={DEDUCTIBLE_BANDS.map((band) => ({ value: band.id, label: DEDUCTIBLE_LABELS[band.id] }))}
              value={filters.deductibleBands}
              onChange={(deductibleBands) => set({ deductibleBands })}
            />
            <FilterGroup
              label={messages['row-monthly-premium']}
              options={PRICE_BANDS.map((band) => ({ value: band.id, label: PRICE_LABELS[band.id] }))}
              value={filters.priceBands}
              onChange={(priceBands) => set({ priceBands })}
            />
            <Stack gap="sm">
              <NativeSelect
                label={messages['sort-by-price']}
                value={filters.sort ?? ''}
                data={[
                  { value: '', label: messages['sort-none'] },
                  { value: 'price-asc', label: messages['sort-price-asc'] },
                  { value: 'price-desc', label: messages['sort-price-desc'] },
                ]}
                onChange={(event) => set({ sort: (event.currentTarget.value || null) as PriceSort | null })}
              />
              <Checkbox
                label={messages['hsa-eligible']}
                checked={filters.hsaEligibleOnly}
                onChange={(event) => set({ hsaEligibleOnly: event.currentTarget.checked })}
              />
            </Stack>
          </SimpleGrid>
          {active > 0 && (
            <Group>
              <Button variant="subtle" onClick={() => onChange({ ...noFilters(), sort: filters.sort })}>
                {messages['filters-clear']}
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Card>
  );
}
