import { describe, expect, it } from 'vitest';
import { watchLabels } from '../../common/watch-labels';

const sameName = (name: string, digits: string) => `${name} (no. …${digits})`;
const labels = (watches: { id: string; name: string; imei: string | null }[]) => [...watchLabels(watches, sameName).values()];

describe('watch labels where a carer picks a watch', () => {
  it('leaves a name alone when no other watch has it', () => {
    expect(labels([{ id: 'a', name: "Mum's watch", imei: '356938035643809' }, { id: 'b', name: "Dad's watch", imei: '356938035643817' }])).toEqual(["Mum's watch", "Dad's watch"]);
  });

  it('tells two of one name (however spaced or cased) apart by the last four characters of their numbers', () => {
    expect(labels([{ id: 'a', name: "Mum's watch", imei: '356938035643809' }, { id: 'b', name: " mum's WATCH", imei: 'VGL10-000512' }])).toEqual(["Mum's watch (no. …3809)", " mum's WATCH (no. …0512)"]);
  });

  it('shows as many more characters as it takes when the last four are the same', () => {
    expect(labels([{ id: 'a', name: 'Watch', imei: '356938035613809' }, { id: 'b', name: 'Watch', imei: '356938035623809' }, { id: 'c', name: 'Other', imei: '1' }])).toEqual(['Watch (no. …13809)', 'Watch (no. …23809)', 'Other']);
  });

  it('keeps the name of a watch without a number', () => {
    expect(labels([{ id: 'a', name: 'Watch', imei: null }, { id: 'b', name: 'Watch', imei: '356938035643817' }])).toEqual(['Watch', 'Watch (no. …3817)']);
  });
});
