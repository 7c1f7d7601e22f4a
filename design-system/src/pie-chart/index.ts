export { PieChart, PIE_CHART_COLORS } from './pie-chart';
export type { PieChartProps, PieChartSlice } from './pie-chart';
