import { Checkbox, Classes } from '@blueprintjs/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useDeferredValue, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Link, useNavigate } from 'react-router';
import { saleStatusI18nKey } from '../../machines/deposit/enums.ts';
import type { StockLayout } from '../../domain/stock/stockWire.ts';
import type { StockLine } from '../../machines/stock/stockWindow.ts';
import { formatDate } from '../../domain/dates.ts';
import { formatPrice } from '../components/format.ts';
import { StockHeader } from './StockHeader.tsx';
import type { StockWindow } from './useStockWindow.ts';

const SIZES = {
  list: { height: 44, width: 0 },
  card: { height: 132, width: 280 },
  pictures: { height: 216, width: 168 },
};

export interface StockLinesProps {
  readonly list: StockWindow;
  readonly showVendor: boolean;
}

/**
 * The lines of the stock, virtualised: only those on screen exist in the page, and the window
 * machine hears which ones are visible, so it loads their pages. One focusable frame with the
 * active line announced (aria-activedescendant): arrows, Page keys, Home/End, Space, Enter.
 */
export function StockLines({ list, showVendor }: StockLinesProps) {
  // Read once here and handed to the lines: a hook per line costs at each line put on screen.
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const frame = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(1000);
  const [active, setActive] = useState(0);
  // The view buttons answer at once; the lines of the new view follow in an interruptible render.
  const layout = useDeferredValue(list.layout);
  // Likewise a filter click: the lines of the new query (placeholders first) follow its paint.
  const lineAt = useDeferredValue(list.line);
  const size = SIZES[layout];
  const lanes = size.width ? Math.max(1, Math.floor(width / size.width)) : 1;
  const count = list.count ?? 0;
  // Cards and pictures: one virtual row holds `lanes` items side by side.
  const virtualizer = useVirtualizer({
    count: Math.ceil(count / lanes),
    getScrollElement: () => frame.current,
    estimateSize: () => size.height,
    overscan: 4,
    // Scrolling redraws in React's own batch, not synchronously inside each scroll event.
    useFlushSync: false,
  });
  useEffect(() => {
    const el = frame.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  useEffect(() => virtualizer.measure(), [virtualizer, layout, lanes]);
  // A new query starts at the top.
  useEffect(() => {
    frame.current?.scrollTo({ top: 0 });
    setActive(0);
  }, [list.filters, list.ordering]);
  const rows = virtualizer.getVirtualItems();
  const items = rows.flatMap((row) =>
    Array.from({ length: lanes }, (_, lane) => ({
      index: row.index * lanes + lane,
      lane,
      start: row.start,
      size: row.size,
      key: `${row.key}-${lane}`,
    })).filter((item) => item.index < count),
  );
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? 0;
  const { show } = list;
  useEffect(() => show(first, last), [show, first, last]);

  const move = (to: number) => {
    const next = Math.min(Math.max(0, to), count - 1);
    setActive(next);
    virtualizer.scrollToIndex(Math.floor(next / lanes), { align: 'auto' });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.target !== e.currentTarget) return;
    // Read on a key only: reading the frame's height while drawing forces a layout each time.
    const page =
      Math.max(1, Math.floor((frame.current?.clientHeight ?? 400) / size.height)) * lanes;
    const keys: Record<string, () => void> = {
      ArrowDown: () => move(active + lanes),
      ArrowUp: () => move(active - lanes),
      ArrowRight: () => move(active + 1),
      ArrowLeft: () => move(active - 1),
      PageDown: () => move(active + page),
      PageUp: () => move(active - page),
      Home: () => move(0),
      End: () => move(count - 1),
      ' ': () => {
        const line = list.line(active);
        if (line) list.select(line.uuid, !(line.uuid in list.selected));
      },
      Enter: () => {
        const line = list.line(active);
        if (line) void navigate(`/product/${line.uuid}`);
      },
    };
    const run = keys[e.key];
    if (!run) return;
    e.preventDefault();
    run();
  };

  return (
    <div
      className={`seconde-stock-lines seconde-stock-${layout}${showVendor ? ' seconde-stock-vendor' : ''}`}
    >
      {layout === 'list' && <StockHeader list={list} showVendor={showVendor} />}
      <div
        ref={frame}
        className="seconde-stock-frame"
        role="grid"
        aria-label={t('stockView.lines')}
        aria-rowcount={count}
        aria-multiselectable
        aria-activedescendant={count > 0 ? `stock-line-${active}` : undefined}
        aria-describedby="stock-keys"
        tabIndex={0}
        onKeyDown={onKeyDown}
        data-testid="stock-frame"
      >
        <span id="stock-keys" className="seconde-sr-only">
          {t('stockView.keyboardHint')}
        </span>
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {items.map((item) => {
            const line = lineAt(item.index);
            return (
              <StockRow
                key={item.key}
                index={item.index}
                left={(item.lane * 100) / lanes}
                width={100 / lanes}
                top={item.start}
                height={item.size}
                line={line}
                checked={line ? list.allMatching || line.uuid in list.selected : false}
                active={item.index === active}
                layout={layout}
                showVendor={showVendor}
                onActivate={setActive}
                onSelect={list.select}
                t={t}
                language={i18n.language}
              />
            );
          })}
        </div>
      </div>
    </div>
  );
}

interface StockRowProps {
  readonly index: number;
  /** Horizontal place and width in percent of the frame (cards and pictures: lanes). */
  readonly left: number;
  readonly width: number;
  readonly top: number;
  readonly height: number;
  readonly line: StockLine | null;
  readonly checked: boolean;
  readonly active: boolean;
  readonly layout: StockLayout;
  readonly showVendor: boolean;
  readonly onActivate: (index: number) => void;
  readonly onSelect: (uuid: string, on: boolean) => void;
  readonly t: TFunction;
  readonly language: string;
}

/**
 * One line on screen. Its props are plain values and stable callbacks, so scrolling, a page
 * arriving or the active line moving draws again only the lines that changed.
 */
const StockRow = memo(function StockRow(p: StockRowProps) {
  const { line, t } = p;
  return (
    <div
      id={`stock-line-${p.index}`}
      role="row"
      aria-rowindex={p.index + 1}
      aria-selected={p.checked}
      className={`seconde-stock-line${p.active ? ' is-active' : ''}`}
      style={{
        position: 'absolute',
        top: 0,
        left: `${p.left}%`,
        width: `${p.width}%`,
        height: p.height,
        transform: `translateY(${p.top}px)`,
      }}
      onClick={() => p.onActivate(p.index)}
      {...(line && { 'data-testid': 'stock-row', 'data-status': line.saleStatus ?? '' })}
    >
      {line ? (
        <Line
          line={line}
          checked={p.checked}
          layout={p.layout}
          showVendor={p.showVendor}
          onSelect={p.onSelect}
          t={t}
          language={p.language}
        />
      ) : (
        <span role="gridcell" className="seconde-stock-placeholder">
          {t('stockView.loadingLine')}
        </span>
      )}
    </div>
  );
});

function Line({
  line,
  checked,
  layout,
  showVendor,
  onSelect,
  t,
  language,
}: Pick<StockRowProps, 'checked' | 'layout' | 'showVendor' | 'onSelect' | 't' | 'language'> & {
  line: StockLine;
}) {
  const select = (
    <Checkbox
      className="seconde-stock-check"
      checked={checked}
      aria-label={t('stockView.select', { reference: line.reference })}
      tabIndex={-1}
      onChange={(e) => onSelect(line.uuid, e.currentTarget.checked)}
    />
  );
  const price =
    line.selledPrice !== null
      ? t('pages.soldPrice', { price: formatPrice(line.selledPrice, language) })
      : formatPrice(line.suggestedPrice, language);
  // Blueprint's Tag measures its text after every render (a forced layout per line): its look,
  // without the measure.
  const status = line.saleStatus && (
    <span className={`${Classes.TAG} ${Classes.MINIMAL}`}>
      <span className={Classes.TEXT_OVERFLOW_ELLIPSIS}>
        {t(saleStatusI18nKey(line.saleStatus))}
      </span>
    </span>
  );
  const name = (
    <Link to={`/product/${line.uuid}`} tabIndex={-1} className="seconde-stock-name">
      {line.name || line.reference}
    </Link>
  );
  const deposit = (
    <Link to={`/deposit/${line.depositUuid}`} tabIndex={-1} data-testid="stock-deposit-link">
      {line.depositName || t('pages.openDeposit')}
    </Link>
  );
  if (layout === 'pictures')
    return (
      <div role="gridcell" className="seconde-stock-picture">
        {line.thumbnail ? (
          <img src={line.thumbnail} alt={line.name} width={150} height={150} loading="lazy" />
        ) : (
          <span className="seconde-stock-nophoto">{t('stockView.noPhoto')}</span>
        )}
        <div className="seconde-stock-caption">
          {select}
          {name}
        </div>
        {status}
      </div>
    );
  if (layout === 'card')
    return (
      <div role="gridcell" className="seconde-stock-card">
        {line.thumbnail ? (
          <img src={line.thumbnail} alt="" width={96} height={96} loading="lazy" />
        ) : (
          <span className="seconde-stock-nophoto">{t('stockView.noPhoto')}</span>
        )}
        <div>
          <div className="seconde-stock-caption">
            {select}
            {name}
          </div>
          <div>
            {line.reference} · {[line.category, line.brand, line.size].filter(Boolean).join(' · ')}
          </div>
          <div>
            {price} {status}
          </div>
          <div>{deposit}</div>
        </div>
      </div>
    );
  return (
    <>
      <span role="gridcell">{select}</span>
      <span role="gridcell">{line.reference}</span>
      <span role="gridcell">{name}</span>
      <span role="gridcell">{deposit}</span>
      {showVendor && (
        <span role="gridcell" data-testid="stock-vendor">
          {line.vendorName}
        </span>
      )}
      <span role="gridcell">{line.category}</span>
      <span role="gridcell">{line.brand}</span>
      <span role="gridcell">{line.size}</span>
      <span role="gridcell" className="seconde-number">
        {price}
      </span>
      <span role="gridcell">{status}</span>
      <span role="gridcell">{formatDate(line.stockEntry, language)}</span>
      <span role="gridcell">{formatDate(line.sellDate, language)}</span>
    </>
  );
}
