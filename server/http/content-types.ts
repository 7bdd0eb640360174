/** The media type of an Excel workbook, as reports and list exports answer it. */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
