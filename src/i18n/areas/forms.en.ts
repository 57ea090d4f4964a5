/** forms texts (en): the shared form pieces. Same keys in French. */
export const formsEn = {
  forms: {
    required: 'This field is required',
    optional: 'optional',
    dateInvalid: 'Invalid date (DD/MM/YYYY)',
    dateOutOfRange: 'Date outside the allowed range',
    dateNotAllowed: 'This date cannot be chosen',
    dateOverlapping: 'The end date is before the start date',
    clear: 'Clear',
    today: 'Today',
    rangeStart: 'Start date',
    rangeEnd: 'End date',
    lastSevenDays: 'Last 7 days',
    lastThirtyDays: 'Last 30 days',
    lastSixMonths: 'Last 6 months',
    sinceStartOfYear: 'Since the start of the year',
    chosenOfMax: '{{count}} of {{max}}',
    kilobytes: '{{size}} KB',
    megabytes: '{{size}} MB',
    removeFile: 'Remove {{name}}',
  },
};
