import { useTranslation } from 'react-i18next';
import { DateTimeInput } from '../../../components/dates/DateTimeInput';

/** From and to filters of a log list (startTime, endTime): the user's wall clock, sent as ISO instants. */
export function useDateRangeFilters(start = 'startTime', end = 'endTime') {
  const { t } = useTranslation('identity');
  return [
    <DateTimeInput key={start} source={start} label={t('filters.from')} filter />,
    <DateTimeInput key={end} source={end} label={t('filters.to')} filter />,
  ];
}
