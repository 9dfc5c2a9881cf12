/// <reference lib="dom" />
// The memory view's page (a VS Code webview): each kernel's on-chip memory per memory space,
// drawn with d3 as SVG: every buffer as the planner places it (its address range against the
// program points it is live over), the space's capacity as a line, the peak (the point where
// the most bytes are live) with the tiles live together there. The data is the server's
// (`pto.showMemory` with "json", pto_lsp/features/memory_map.py), posted by the extension.
import { axisBottom, axisLeft } from 'd3-axis';
import { scaleLinear } from 'd3-scale';
import { select, type Selection } from 'd3-selection';

interface BufferBox { tile: string; line: number | null; address: number | null; size: number; first: number | null; last: number | null }
interface SpaceMap {
  space: string; capacity: number | null; used: number; exact: boolean; buffers: BufferBox[];
  peak_point: number | null; peak_bytes: number; peak_tiles: string[];
}
interface KernelMap { kernel: string; program: string | null; line: number; analysed: boolean; why: string; points: number; spaces: SpaceMap[] }
interface Maps { soc: string; kernels: KernelMap[] }

const WIDTH = 560;
const HEIGHT = 220;
const MARGIN = { top: 34, right: 16, bottom: 30, left: 80 };
const bytes = (n: number) => n.toLocaleString('en-US');

function draw(maps: Maps, source: string): void {
  const root = select('#memory');
  root.selectAll('*').remove();
  root.append('h2').text(`On-chip memory · ${source} (${maps.soc})`);
  if (maps.kernels.length === 0) {
    root.append('p').text('No kernel in this file.');
  }
  for (const kernel of maps.kernels) {
    const section = root.append('section').attr('class', 'kernel');
    section.append('h3').text(`${kernel.program ? `${kernel.program}.` : ''}${kernel.kernel} (line ${kernel.line})`);
    if (!kernel.analysed) {
      section.append('p').attr('class', 'note').text(`Not analysed: ${kernel.why}.`);
      continue;
    }
    for (const space of kernel.spaces) {
      drawSpace(section.append('div').attr('class', 'space'), kernel, space);
    }
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function drawSpace(holder: Selection<HTMLDivElement, unknown, HTMLElement, any>, kernel: KernelMap, space: SpaceMap): void {
  const limit = space.capacity ?? space.used;
  const over = space.capacity !== null && space.used > space.capacity;
  holder.append('h4').text(
    `${space.space}: ${space.exact ? '' : 'at most '}${bytes(space.used)}${space.capacity !== null ? ` / ${bytes(space.capacity)}` : ''} bytes${over ? ' — over capacity' : ''}`,
  );
  if (!space.exact) {
    holder.append('p').attr('class', 'note').text(
      `Not placed (MemoryReuse not modelled for this kernel): ${space.buffers.map((b) => `${b.tile || '?'} ${bytes(b.size)}`).join(', ')}`,
    );
    return;
  }
  const top = Math.max(limit, space.used) * 1.08;
  const points = Math.max(kernel.points, 1);
  const x = scaleLinear().domain([0, points]).range([MARGIN.left, WIDTH - MARGIN.right]);
  const y = scaleLinear().domain([0, top]).range([HEIGHT - MARGIN.bottom, MARGIN.top]);
  // Scaled to the panel's width (the viewBox), never cut off at its right edge.
  const svg = holder.append('svg').attr('viewBox', `0 0 ${WIDTH} ${HEIGHT}`).attr('width', '100%')
    .attr('style', `max-width: ${WIDTH}px`).attr('class', 'chart').attr('data-space', space.space);
  svg.append('g').attr('transform', `translate(0,${HEIGHT - MARGIN.bottom})`)
    .call(axisBottom(x).ticks(Math.min(points, 10)).tickFormat((v) => String(v)));
  svg.append('g').attr('transform', `translate(${MARGIN.left},0)`)
    .call(axisLeft(y).ticks(5).tickFormat((v) => bytes(Number(v))));
  svg.append('text').attr('class', 'axis-label').attr('x', (MARGIN.left + WIDTH - MARGIN.right) / 2).attr('y', HEIGHT - 2)
    .attr('text-anchor', 'middle').text('program point');
  const peak = new Set(space.peak_tiles);
  const boxes = svg.append('g').selectAll('g').data(space.buffers.filter((b) => b.address !== null && b.first !== null && b.last !== null))
    .enter().append('g').attr('class', 'buffer');
  boxes.append('rect')
    .attr('x', (b) => x(b.first as number))
    .attr('width', (b) => Math.max(2, x((b.last as number) + 1) - x(b.first as number)))
    .attr('y', (b) => y((b.address as number) + b.size))
    .attr('height', (b) => Math.max(2, y(b.address as number) - y((b.address as number) + b.size)))
    .attr('class', (b) => ((b.address as number) + b.size > limit ? 'over' : peak.has(b.tile) ? 'peak' : 'plain'));
  boxes.append('text')
    .attr('x', (b) => x(b.first as number) + 4)
    .attr('y', (b) => y((b.address as number) + b.size / 2) + 4)
    .text((b) => b.tile || '?');
  boxes.append('title').text((b) => `${b.tile || '?'}: [${bytes(b.address as number)}, ${bytes((b.address as number) + b.size)}) live at points ${b.first}..${b.last}${b.line ? `, line ${b.line}` : ''}`);
  if (space.capacity !== null) {
    svg.append('line').attr('class', 'capacity').attr('x1', MARGIN.left).attr('x2', WIDTH - MARGIN.right)
      .attr('y1', y(space.capacity)).attr('y2', y(space.capacity));
    svg.append('text').attr('class', 'capacity-label').attr('x', WIDTH - MARGIN.right).attr('y', y(space.capacity) - 4)
      .attr('text-anchor', 'end').text(`capacity ${bytes(space.capacity)}`);
  }
  if (space.peak_point !== null) {
    svg.append('line').attr('class', 'peak-line').attr('x1', x(space.peak_point + 0.5)).attr('x2', x(space.peak_point + 0.5))
      .attr('y1', MARGIN.top).attr('y2', HEIGHT - MARGIN.bottom);
    const at = x(space.peak_point + 0.5);
    svg.append('text').attr('class', 'peak-label').attr('x', at).attr('y', 14)
      .attr('text-anchor', at < WIDTH / 2 ? 'start' : 'end')
      .text(`peak @${space.peak_point}: ${bytes(space.peak_bytes)} bytes live (${space.peak_tiles.join(', ')})`);
  }
}

declare function acquireVsCodeApi(): { postMessage(message: unknown): void };

window.addEventListener('message', (event: MessageEvent) => {
  const message = event.data as { type: string; maps: Maps; source: string };
  if (message && message.type === 'maps') {
    draw(message.maps, message.source);
  }
});

acquireVsCodeApi().postMessage({ type: 'ready' });
