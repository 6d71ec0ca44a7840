/**
 * The language switch of the headers (signed in or not): each language offered in its own name. Choosing one
 * remembers it in the language cookie and, signed in, in the member's profile (so another device and the e-mails
 * follow it), then reloads the page in it: the server writes the page's language and answers in it, and each
 * screen's texts are read once, as its module loads. A form's draft survives the reload (engine/react/drafts.ts
 * writes it as the page is left). Signed in on a device whose page is in another language than the profile's, the
 * page follows the profile. The control is the browser's own select (no form library on the landing page), in
 * the theme's sizes and colours.
 */
import { Box } from '@mantine/core';
import { useEffect, type ChangeEvent } from 'react';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES, languageCookie, type Language } from '#contracts/language.ts';
import { api, isSessionEnded } from '#portal/api/api-client.ts';
import { useMember } from '#portal/api/queries.ts';
import { useSignedIn } from '#portal/api/session.ts';
import { language as pageLanguage, messages } from '#portal/messages.ts';
import { showError } from '#portal/layout/feedback/toast.tsx';

/** Reloads the page; an object's method so a dom test can watch it (jsdom does not navigate). */
export const page = { reload: (): void => window.location.reload() };

/**
 * Shows the page in `chosen`: remembers it in the cookie and reloads. Where the browser keeps no cookie the page
 * stays as it is, so following the profile can never reload again and again.
 */
export function showPageIn(chosen: Language): void {
  document.cookie = languageCookie(chosen, window.location.protocol === 'https:');
  if (document.cookie.split('; ').includes(languageCookie(chosen, false).split(';')[0]!)) page.reload();
}

/** Signed in, the member's stored language, when it is another than the page's: the page follows it. */
function useProfileLanguage(): void {
  const signedIn = useSignedIn();
  const { data: member } = useMember();
  const stored = signedIn ? member?.language : null;
  useEffect(() => {
    if (isLanguage(stored) && stored !== pageLanguage) showPageIn(stored);
  }, [stored]);
}

export function LanguageSwitch({ compact }: { compact: boolean }) {
  const signedIn = useSignedIn();
  useProfileLanguage();

  async function choose(value: string) {
    if (!isLanguage(value) || value === pageLanguage) return;
    if (signedIn) {
      const answer = await api.put('/api/Member/Language', { language: value });
      if (!answer.success) {
        // The session ended: the tab is on its way to sign in.
        if (!isSessionEnded(answer)) showError(answer.message || messages['something-wrong']);
        return;
      }
    }
    showPageIn(value);
  }

  return (
    <Box
      component="select"
      aria-label={messages['language-switch']}
      value={pageLanguage}
      onChange={(event: ChangeEvent<HTMLSelectElement>) => void choose(event.currentTarget.value)}
      fz={compact ? 'xs' : 'sm'}
      h={compact ? 30 : 36}
      px="xs"
      c="var(--mantine-color-text)"
      bg="var(--mantine-color-body)"
      style={{ flexShrink: 0, border: '1px solid var(--mantine-color-gray-6)', borderRadius: 'var(--mantine-radius-md)', fontFamily: 'inherit' }}
    >
      {/* Each name is in its own language (WCAG 3.1.2). */}
      {LANGUAGES.map((value) => (
        <option key={value} value={value} lang={value}>
          {LANGUAGE_NAMES[value]}
        </option>
      ))}
    </Box>
  );
}
