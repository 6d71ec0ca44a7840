/**
 * Shop Health Plans (spec §2 Shop Health Plans, §4 Cart, §5 Cart and compare, §9): the plans quoted for the chosen
 * effective date (plan-search.ts), the header with the ZIP and the count, the filters and the price sort
 * (src/domain/plans/plan-filters.ts), plan cards (Compare, Plan Details, View Plan Summary Document, Search for
 * Providers, Add to Cart / Remove), the comparison and summary screens (each with Back), the member's current plan
 * (found in the next-year search) with Keep Current Plan / Remove, and on a narrow screen Export Plans (CSV) and
 * Proceed. The cart holds one plan (choices.plan) and the compare list at most three (choices.compare); a plan
 * goes in the cart only with the full SSN on file, else the SSN prompt opens. Texts come from the catalogue.
 *
 * A long list stays usable (issue 20): the filters fold into a panel (folded on a phone) whose button counts the
 * active ones; the filters, the sort and how many cards show live in the address, so a reload and Back keep them;
 * the cards show a page at a time with Show More Plans (filtered and sorted as a whole list first); Next or
 * Export Plans and Proceed stay on screen in a bar at the bottom. A card names its plan by id, and the plan put in
 * the cart is the quote's plan of that id.
 */
import type { HealthPlan } from '#contracts/entities.ts';
import {
  addToCart,
  carriersOf,
  compareRefusal,
  FILTER_PARAMS,
  filterPlans,
  filtersFromParams,
  hasFullSsn,
  paramsWithFilters,
  shownCount,
  toggleCompare,
  truncatePlanName,
  type PlanFilters,
  type Refusal,
} from '#domain/plans/plan-filters.ts';
import { isHsaEligible } from '#domain/enrollment/hsa.ts';
import { PLAN_PAGE_SIZE } from '#domain/parameters/enrollment.ts';
import { formatMessage, message } from '#engine/runtime/index.ts';
import { nextBusyProps, useDocument, type StepScreenProps } from '#engine/react/index.ts';
import { showError } from '#portal/layout/feedback/toast.tsx';
import { NARROW_SCREEN } from '#portal/layout/theme.ts';
import { catalogueTexts, messages } from '#portal/messages.ts';
import { metalLabel } from '#portal/value-labels.ts';
import { SSN_NOTICE_MESSAGE } from '#portal/widgets/ssn-widget.tsx';
import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Center,
  Checkbox,
  Group,
  Indicator,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { effectiveDate, useWizard } from '../wizard-context.tsx';
import { findCurrentPlan, nextYearDate, usePlanSearch, type SearchPerson } from './plan-search.ts';
import { DETAIL_ROWS, EXPORT_ROWS, money } from './plan-rows.ts';
import { Comparison, PlanSummary, RowsTable } from './plan-views.tsx';
import { FilterPanel } from './shop-filters.tsx';
import { SkipLink } from '#portal/layout/skip-link.tsx';

const REFUSALS: Record<Refusal, string> = catalogueTexts({
  'compare-max': 'compare-max',
  'compare-min': 'compare-min',
  'plan-already-selected': 'plan-already-selected',
});

/** The CSV file Export Plans downloads. */
export const EXPORT_FILE_NAME = 'health-plans.csv';

/** The form document that holds the SSN-required notice. */
const PROFILE_FORM = 'profile';
/** The cart's form document: its 'Cart is empty !' is also the shop's answer to Next with nothing in the cart. */
const CART_FORM = 'acknowledgements';

/**
 * The search parameters that give the comparison, a plan's summary and a plan's details addresses of their own, so
 * Back leaves them (closes the details dialog) instead of leaving the step.
 */
const VIEW_PARAMS = { compare: 'compare', summary: 'summary', details: 'details' } as const;

/** The id of the plans' list, the target of Skip to plans (past the filters' many fields). */
const PLANS_ID = 'shop-plans';

export function ShopHealthPlansScreen({ step, next, goTo, nextBusy }: StepScreenProps) {
  const wizard = useWizard();
  const { member, dependents, employer, choices, update, today } = wizard;
  const date = effectiveDate(choices);
  const person: SearchPerson = useMemo(
    () => ({ member, dependents, employerName: employer.accountname }),
    [member, dependents, employer.accountname],
  );
  const search = usePlanSearch(person, date);
  const currentDate = member.currentplanid ? nextYearDate(today) : null;
  const currentSearch = usePlanSearch(person, currentDate !== date ? currentDate : null);
  // Read at once (not after a first render), so a phone's filter panel starts folded.
  const narrow = useMediaQuery(NARROW_SCREEN, undefined, { getInitialValueInEffect: false });
  const [params, setParams] = useSearchParams();
  // The panel follows the width until the person opens or folds it.
  const [filtersOpened, setFiltersOpened] = useState<boolean | null>(null);
  const location = useLocation();
  const routeNavigate = useNavigate();
  const [ssnPrompt, setSsnPrompt] = useState(false);

  const logged = useRef(false);
  useEffect(() => {
    if (logged.current) return;
    logged.current = true;
    void wizard.log('ENTERED SHOP HEALTH PLANS');
  }, []);

  const plans = useMemo(() => search.quote?.healthplans ?? [], [search.quote]);
  const carriers = useMemo(() => carriersOf(plans), [plans]);
  const filters = useMemo(() => filtersFromParams(params, carriers), [params, carriers]);
  // Filtered and sorted as a whole list; the page shown is its beginning.
  const found = useMemo(() => filterPlans(plans, filters), [plans, filters]);
  const shown = found.slice(0, shownCount(params.get(FILTER_PARAMS.shown), found.length));
  // The current plan as quoted for the chosen date when the catalogue has it, else as the next-year search found it.
  const currentPlan =
    findCurrentPlan(plans, member.currentplanid) ??
    findCurrentPlan(currentDate === date ? plans : currentSearch.quote?.healthplans, member.currentplanid);

  const refuse = (refusal: Refusal) => showError(REFUSALS[refusal]);
  // Filters and Show More replace the address (Back leaves the step, not each tick); a view is added to it. A
  // filter's box is controlled by the address: it changes at once (flushSync), not after a transition that would
  // first show the click undone.
  const setFilters = (next: PlanFilters) => setParams((current) => paramsWithFilters(current, next), { replace: true, flushSync: true });
  const showMore = () =>
    setParams((current) => withParams(current, { [FILTER_PARAMS.shown]: String(shown.length + PLAN_PAGE_SIZE.value) }), { replace: true });
  // The comparison and a plan's summary are entries of the browser's history: Back (the browser's or the view's own)
  // returns to the list. A view reached by its address (a reload) goes back to the list in place.
  const openView = (view: Record<string, string>) => setParams((current) => withParams(current, view), { state: { shopView: true } });
  const closeView = () => {
    if ((location.state as { shopView?: boolean } | null)?.shopView) void routeNavigate(-1);
    else setParams((current) => withParams(current, Object.fromEntries(Object.values(VIEW_PARAMS).map((name) => [name, null]))), { replace: true });
  };
  const { document: cartDocument } = useDocument('form', CART_FORM, member.accountid);
  // Spec §2: proceeding with an empty cart is refused here, where a plan can still be chosen.
  const proceed = () => {
    if (choices.plan) return next();
    if (cartDocument) showError(message(cartDocument, 'cart-empty'));
  };

  // The plan of the quote (or the current plan) with the id the pressed card names.
  const planById = (planid: string) => plans.find((plan) => plan.planid === planid) ?? (currentPlan?.planid === planid ? currentPlan : undefined);

  const add = (planid: string) => {
    const plan = planById(planid);
    if (!plan) return;
    if (!hasFullSsn(member.additionalid)) {
      setSsnPrompt(true);
      return;
    }
    const outcome = addToCart(choices.plan, plan);
    if (outcome.refused) return refuse(outcome.refused);
    if (choices.plan?.planid === plan.planid) return;
    // The cart authorizes at the location this plan was quoted for.
    update((current) => ({ ...current, plan, location: search.quote?.location ?? current.location }));
    void wizard.log('PLAN ADDED TO CART');
  };

  const remove = () => {
    if (!choices.plan) return;
    update((current) => ({ ...current, plan: null }));
    void wizard.log('PLAN REMOVED FROM CART');
  };

  const toggle = (planid: string) => {
    const plan = planById(planid);
    if (!plan) return;
    const outcome = toggleCompare(choices.compare, plan);
    if (outcome.refused) return refuse(outcome.refused);
    update((current) => ({ ...current, compare: outcome.list }));
  };

  const openCompare = () => {
    const refusal = compareRefusal(choices.compare);
    if (refusal) return refuse(refusal);
    openView({ [VIEW_PARAMS.compare]: '1' });
  };

  // The CSV writer loads on the first export, not with the step: most people never export.
  const exportPlans = async () => {
    const { formatCsv } = await import('#domain/values/csv.ts');
    const csv = formatCsv(EXPORT_ROWS.map((r) => r.label), found.map((plan) => EXPORT_ROWS.map((r) => r.value(plan))));
    const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = EXPORT_FILE_NAME;
    document.body.appendChild(link);
    link.click();
    link.remove();
    URL.revokeObjectURL(url);
  };

  if (params.has(VIEW_PARAMS.compare)) {
    return <Comparison plans={choices.compare} onBack={closeView} />;
  }
  const detailed = params.get(VIEW_PARAMS.details);
  const details = detailed === null ? undefined : [...plans, currentPlan].find((plan) => plan?.planid === detailed);
  const summarized = params.get(VIEW_PARAMS.summary);
  const summaryPlan = summarized === null ? undefined : [...plans, currentPlan].find((plan) => plan?.planid === summarized);
  if (summaryPlan) {
    return <PlanSummary plan={summaryPlan} onBack={closeView} />;
  }

  const quote = search.quote;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={2}>
          <Title order={2}>{step.title}</Title>
          {quote && (
            <Text aria-live="polite">
              {`${messages['zip-code']}: ${quote.location.zipcode}`} · <strong>{found.length}</strong> {messages['plans-found']}
            </Text>
          )}
        </Stack>
        <Indicator label={choices.compare.length} size={18} disabled={choices.compare.length === 0}>
          {/* The count is the button's name too (the badge beside it is not read with the button). */}
          <Button
            variant="light"
            onClick={openCompare}
            aria-label={
              choices.compare.length > 0 ? formatMessage(messages['compare-plans-count'], { count: choices.compare.length }) : undefined
            }
          >
            {messages['compare-plans']}
          </Button>
        </Indicator>
      </Group>

      {quote?.message && (
        <Alert color={quote.estimated ? 'yellow' : 'blue'} role="status">
          {quote.message}
        </Alert>
      )}

      {currentPlan && (
        <Card withBorder padding="md" component="section" aria-label={messages['your-current-plan']}>
          <Stack gap={4}>
            <Text fw={700}>{messages['your-current-plan']}</Text>
            <Text size="sm" c="dimmed">
              {currentPlan.issuername}
            </Text>
            <Text>{truncatePlanName(currentPlan.planname)}</Text>
            <Text fw={600}>{money(currentPlan.rate)}</Text>
            <Group>
              {choices.plan?.planid === currentPlan.planid ? (
                <Button color="red" variant="light" onClick={remove}>
                  {messages['remove']}
                </Button>
              ) : (
                <Button onClick={() => add(currentPlan.planid)}>{messages['keep-current-plan']}</Button>
              )}
            </Group>
          </Stack>
        </Card>
      )}

      {search.loading && (
        <Center py="lg">
          <Loader aria-label={messages['loading']} />
        </Center>
      )}
      {search.failed && !search.loading && (
        <Alert color="red" role="alert" title={messages['plan-search-failed']}>
          <Button mt="sm" variant="white" color="red" onClick={search.retry}>
            {messages['retry']}
          </Button>
        </Alert>
      )}

      {quote && plans.length > 0 && <SkipLink target={PLANS_ID}>{messages['skip-to-plans']}</SkipLink>}
      {quote && plans.length > 0 && (
        <FilterPanel
          filters={filters}
          carriers={carriers}
          found={found.length}
          opened={filtersOpened ?? !narrow}
          onToggle={() => setFiltersOpened(!(filtersOpened ?? !narrow))}
          onChange={setFilters}
        />
      )}

      {quote && found.length === 0 && (
        <Text ta="center" fw={700} py="lg">
          {messages['no-plan-found']}
        </Text>
      )}

      <SimpleGrid id={PLANS_ID} cols={{ base: 1, sm: 2, lg: 3 }}>
        {shown.map((plan) => (
          <PlanCard
            key={plan.id || plan.planid}
            plan={plan}
            inCart={choices.plan?.planid === plan.planid}
            compared={choices.compare.some((entry) => entry.planid === plan.planid)}
            onCompare={toggle}
            onDetails={(planid) => openView({ [VIEW_PARAMS.details]: planid })}
            onSummary={(planid) => openView({ [VIEW_PARAMS.summary]: planid })}
            onAdd={add}
            onRemove={remove}
          />
        ))}
      </SimpleGrid>

      {shown.length < found.length && (
        <Stack align="center" gap={4}>
          <Text size="sm">{formatMessage(messages['plans-shown'], { shown: shown.length, total: found.length })}</Text>
          <Button variant="light" onClick={showMore}>
            {messages['plans-show-more']}
          </Button>
        </Stack>
      )}

      {/* The step's actions stay on screen however long the list (issue 20). */}
      <Box
        component="section"
        aria-label={messages['shop-actions']}
        pos="sticky"
        bottom={0}
        py="sm"
        bg="var(--mantine-color-body)"
        style={{ borderTop: '1px solid var(--mantine-color-default-border)', zIndex: 2 }}
      >
        {narrow ? (
          <SimpleGrid cols={2} spacing="xs">
            <Button variant="default" onClick={() => void exportPlans()} disabled={found.length === 0}>
              {messages['export-plans']}
            </Button>
            <Button onClick={proceed} {...nextBusyProps(nextBusy)}>
              {messages['proceed']}
            </Button>
          </SimpleGrid>
        ) : (
          <Group justify="flex-end">
            <Button onClick={proceed} {...nextBusyProps(nextBusy)}>
              {messages['next']}
            </Button>
          </Group>
        )}
      </Box>

      <Modal opened={details !== undefined} onClose={closeView} title={details ? truncatePlanName(details.planname) : ''} size="lg" centered>
        {details && <RowsTable rows={DETAIL_ROWS} plan={details} />}
      </Modal>

      <Modal opened={ssnPrompt} onClose={() => setSsnPrompt(false)} title={messages['ssn-invalid']} centered>
        <Stack>
          <SsnNotice />
          <Group>
            <Button onClick={() => goTo({ step: 'profile' })}>{messages['go-to-profile']}</Button>
            <Button variant="default" onClick={() => setSsnPrompt(false)}>
              {messages['close']}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** The SSN-required notice of the profile document (spec §5: 'Your SSN is required when ...'). */
function SsnNotice() {
  const wizard = useWizard();
  const { document } = useDocument('form', PROFILE_FORM, wizard.member.accountid);
  const notice = document?.messages[SSN_NOTICE_MESSAGE];
  return notice ? <Text>{notice}</Text> : null;
}

/** Adds, replaces or (null) removes search parameters, keeping the others. */
function withParams(params: URLSearchParams, change: Record<string, string | null>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [name, value] of Object.entries(change)) {
    if (value === null) next.delete(name);
    else next.set(name, value);
  }
  return next;
}

type PlanCardProps = {
  plan: HealthPlan;
  inCart: boolean;
  compared: boolean;
  /** Each names the card's plan by its id. */
  onCompare: (planid: string) => void;
  onDetails: (planid: string) => void;
  onSummary: (planid: string) => void;
  onAdd: (planid: string) => void;
  onRemove: () => void;
};

function PlanCard({ plan, inCart, compared, onCompare, onDetails, onSummary, onAdd, onRemove }: PlanCardProps) {
  return (
    <Card withBorder padding="md" component="article" aria-label={plan.planname}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" c="dimmed">
            {plan.issuername}
          </Text>
          <Checkbox label={messages['compare']} checked={compared} onChange={() => onCompare(plan.planid)} />
        </Group>
        <Text fw={700} title={plan.planname}>
          {truncatePlanName(plan.planname)}
        </Text>
        <Group gap={6}>
          <Badge variant="light">{metalLabel(plan.metallevel)}</Badge>
          <Badge variant="outline">{plan.plantype}</Badge>
          {isHsaEligible(plan) && <Badge color="teal">{messages['hsa-eligible']}</Badge>}
          {inCart && <Badge color="green">{messages['in-cart']}</Badge>}
        </Group>
        <Text size="lg" fw={700}>
          {money(plan.rate)}
        </Text>
        <Text size="sm">{`${messages['deductible']}: ${money(plan.annualdeductibleindividual)}`}</Text>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={() => onDetails(plan.planid)}>
            {messages['plan-details']}
          </Button>
          <Button size="xs" variant="default" onClick={() => onSummary(plan.planid)}>
            {messages['view-plan-summary']}
          </Button>
          {plan.providerlink && (
            <Button size="xs" variant="default" component="a" href={plan.providerlink} target="_blank" rel="noopener noreferrer">
              {messages['search-providers']}
            </Button>
          )}
        </Group>
        {/* Add and Remove take each other's place: a double click's second click (detail 2) must not undo the first. */}
        {inCart ? (
          <Button color="red" variant="light" onClick={(event) => event.detail <= 1 && onRemove()}>
            {messages['remove-from-cart']}
          </Button>
        ) : (
          <Button onClick={(event) => event.detail <= 1 && onAdd(plan.planid)}>{messages['add-to-cart']}</Button>
        )}
      </Stack>
    </Card>
  );
}
