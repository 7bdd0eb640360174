import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { TimeOfDayInput } from '../../src/components/dates/TimeOfDayInput';
import { recordingDataProvider, renderScreen, schemaScreens, servedI18n } from './support/schema-screens';

/** A field's visible text: its sections and separators, without the direction marks MUI puts around them. */
const shown = (group: HTMLElement) => (group.querySelector('.MuiPickersSectionList-root')?.textContent ?? '').replace(/[\u2066-\u2069\u200e\u200f]/g, '').trim();

const changes: string[] = [];
function Field({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return (
    <TimeOfDayInput
      label="From"
      value={value}
      onChange={(next) => {
        changes.push(next);
        setValue(next);
      }}
    />
  );
}

beforeAll(() => schemaScreens());

/** The one time field (src/components/dates/TimeOfDayInput.tsx): the 24-hour clock in every language, 'HH:mm' in and out. */
describe('a time of day', () => {
  for (const lng of ['en', 'da', 'de', 'sv', 'nb']) {
    it(`reads and types HH:mm on the 24-hour clock (${lng})`, async () => {
      changes.length = 0;
      const user = userEvent.setup();
      renderScreen(<Field initial="22:00" />, { resource: 'devices', i18n: await servedI18n(lng), dataProvider: recordingDataProvider() });
      const group = await screen.findByRole('group', { name: 'From' });
      expect(shown(group)).toBe('22:00');
      await user.click(within(group).getAllByRole('spinbutton')[0]!);
      await user.keyboard('1345');
      await waitFor(() => expect(shown(group)).toBe('13:45'));
      expect(changes.at(-1)).toBe('13:45');
      expect(group.textContent).not.toMatch(/AM|PM/);
    });
  }
});
