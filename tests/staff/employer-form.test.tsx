/** The employer form names each spec code by a plain name; the code stays in the one-line help under it. */
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmployerForm, emptyEmployer } from '../../src/staff/employer/employer-form.tsx';

describe('the employer form', () => {
  it('labels employeazecustomer, hsaonly and edoc_period in plain words, each with its code in the help', () => {
    render(
      <MantineProvider>
        <EmployerForm initial={emptyEmployer()} submitText="Create Employer" onSubmit={async () => undefined} />
      </MantineProvider>,
    );
    const cases: [label: string, code: string][] = [
      ['Offer additional services', 'employeazecustomer'],
      ['HSA-eligible plans only', 'hsaonly'],
      ['Days before the enrollment cut-off', 'edoc_period'],
    ];
    for (const [label, code] of cases) {
      const field = screen.getByLabelText(label);
      expect(field).toHaveAccessibleDescription(expect.stringContaining(`spec code ${code}`));
    }
    // No label and no option shows a code or a bare number as its words.
    for (const element of screen.getAllByText(/employeazecustomer|hsaonly|edoc_period/)) expect(element.tagName).not.toBe('LABEL');
    const options = screen.getAllByRole('option').map((option) => option.textContent ?? '');
    expect(options).toContain('Yes: the Additional Services step is shown');
    for (const option of options) expect(option).not.toMatch(/^\d:/);
  });
});
