/** The media type of an Excel workbook, as reports and list exports answer it. */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The media types a CSV file is sent as; csv-upload.ts acceptCsvBodies reads each as text. */
export const CSV_TYPES = ['text/csv', 'application/csv', 'text/plain'];
