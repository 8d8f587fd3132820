"""Trains the block model with XGBoost (Debian's python3-xgboost) on the table that scripts/train-blocks.ts writes.

Grouped k-fold by site: every page is predicted by a model that never saw its site. The keep/remove cutoff is chosen
inside each fold's training part (on a held-out quarter of its sites), never on the pages it is reported on; the
shipped model is trained on every training page and uses the median of the folds' cutoffs.

  /usr/bin/python3 scripts/train_blocks.py TABLE_DIR --train a,b --score c,d --out MODEL.json --fixture FIXTURE.json
                                           [--oof OOF.json] [--drop-prefix x_,y_] [--folds 5]
"""
import argparse
import json
import math
import os

import numpy as np
import xgboost as xgb
from sklearn.model_selection import GroupKFold

PARAMS = dict(
    objective='binary:logistic', eval_metric='logloss', tree_method='hist', max_depth=6, eta=0.1, subsample=0.8,
    colsample_bytree=0.8, min_child_weight=2, reg_lambda=1.0, base_score=0.5, seed=7, nthread=1,
)
ROUNDS = 120
# The model that only picks a fold's cutoff: fewer rounds, as it is thrown away.
CUTOFF_ROUNDS = 60
CUTOFFS = [round(0.2 + 0.05 * i, 2) for i in range(13)]  # 0.20 .. 0.80
# The combination: the pipeline decides; the model removes a kept block below REMOVE_BELOW and keeps a removed one
# above KEEP_ABOVE (1.01: never).
REMOVE_BELOW = [0.0, 0.02, 0.05, 0.1, 0.15, 0.2, 0.3]
KEEP_ABOVE = [0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 1.01]
# The same, where the model overturns only when it is very confident (a design choice, not fitted).
CONFIDENT_REMOVE_BELOW = [0.0, 0.02, 0.05, 0.1]
CONFIDENT_KEEP_ABOVE = [0.8, 0.9, 0.95, 1.01]


def load(table_dir, name):
    meta = json.load(open(os.path.join(table_dir, name + '.json')))
    x = np.fromfile(os.path.join(table_dir, name + '.f32'), dtype=np.float32).reshape(-1, len(meta['features']))
    return meta, x


def page_rows(meta):
    """Per row: index of its page within the set."""
    out = np.zeros(len(meta['block']), dtype=np.int64)
    for i, p in enumerate(meta['pages']):
        out[p['first']:p['end']] = i
    return out


def fit(x, y, w, rounds=ROUNDS):
    return xgb.train(PARAMS, xgb.DMatrix(x, label=y, weight=w), num_boost_round=rounds)


def predict(model, x):
    return model.predict(xgb.DMatrix(x))


def mean_page_f1(prob, share, tokens, page, cutoff):
    """Mean over pages of a token F1 estimated from the labels (tokens times share are the truth's tokens)."""
    kept = prob >= cutoff
    truth = tokens * np.clip(share, 0, 1)
    n = page.max() + 1
    tp = np.bincount(page, weights=truth * kept, minlength=n)
    out = np.bincount(page, weights=tokens * kept, minlength=n)
    tot = np.bincount(page, weights=truth, minlength=n)
    p = np.divide(tp, out, out=np.zeros(n), where=out > 0)
    r = np.divide(tp, tot, out=np.zeros(n), where=tot > 0)
    f = np.divide(2 * p * r, p + r, out=np.zeros(n), where=(p + r) > 0)
    present = np.bincount(page, minlength=n) > 0
    return f[present].mean()


def combined(prob, pipeline_kept, remove_below, keep_above):
    """The combination's decisions as 0/1 'probabilities' (read with cutoff 0.5)."""
    return np.where(pipeline_kept, prob >= remove_below, prob >= keep_above).astype(np.float64)


def choose_overturn(prob, pipeline_kept, share, tokens, page, lows=REMOVE_BELOW, highs=KEEP_ABOVE):
    """Both cutoffs of the combination, by the best page F1 over out-of-fold predictions."""
    best = None
    for lo in lows:
        for hi in highs:
            f = mean_page_f1(combined(prob, pipeline_kept, lo, hi), share, tokens, page, 0.5)
            if best is None or f > best[0] + 1e-9:
                best = (f, lo, hi)
    return best


def choose_cutoff(x, y, w, share, tokens, page, groups):
    """Fits on three quarters of the given sites and picks the cutoff with the best page F1 on the other quarter."""
    inner, held = next(GroupKFold(n_splits=4).split(x, y, groups))
    model = fit(x[inner], y[inner], w[inner], CUTOFF_ROUNDS)
    prob = predict(model, x[held])
    _, page_held = np.unique(page[held], return_inverse=True)
    scores = [mean_page_f1(prob, share[held], tokens[held], page_held, c) for c in CUTOFFS]
    return CUTOFFS[int(np.argmax(scores))]


def node_values(tree):
    """The expected margin under every node (cover-weighted mean of its leaves): the basis of path contributions."""
    left, right, cond, hess = tree['left_children'], tree['right_children'], tree['split_conditions'], tree['sum_hessian']
    values = [0.0] * len(left)

    def walk(n):
        if left[n] == -1:
            values[n] = cond[n]
        else:
            walk(left[n])
            walk(right[n])
            h = hess[left[n]] + hess[right[n]]
            values[n] = (hess[left[n]] * values[left[n]] + hess[right[n]] * values[right[n]]) / h if h > 0 else 0.0
        return values[n]

    walk(0)
    return values


def compact_model(model, features, cutoff, overturn=None, confident=None):
    """XGBoost's JSON dump reduced to what the TypeScript evaluator reads (split thresholds keep float32 precision)."""
    raw = json.loads(model.save_raw('json').decode())
    learner = raw['learner']
    base = float(learner['learner_model_param']['base_score'])
    trees = []
    for tree in learner['gradient_booster']['model']['trees']:
        values = node_values(tree)
        leaf = [l == -1 for l in tree['left_children']]
        trees.append({
            'feature': [-1 if leaf[i] else f for i, f in enumerate(tree['split_indices'])],
            'split': [0 if leaf[i] else float('%.9g' % c) for i, c in enumerate(tree['split_conditions'])],
            'left': tree['left_children'],
            'right': tree['right_children'],
            'missingLeft': [int(d) for d in tree['default_left']],
            'value': [float('%.7g' % v) for v in values],
        })
    return {
        'format': 'pith-block-model/1',
        'library': 'xgboost ' + xgb.__version__,
        'features': list(features),
        'baseMargin': math.log(base / (1 - base)),
        'cutoff': cutoff,
        **({'overturn': overturn} if overturn else {}),
        **({'overturnConfident': confident} if confident else {}),
        'trees': trees,
    }


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('table_dir')
    ap.add_argument('--train', required=True)
    ap.add_argument('--score', default='')
    ap.add_argument('--out')
    ap.add_argument('--fixture')
    ap.add_argument('--oof', required=True)
    ap.add_argument('--drop-prefix', default='')
    ap.add_argument('--folds', type=int, default=5)
    ap.add_argument('--model-only', type=float, default=None, help='skip the folds; ship with this cutoff (the median a cross-validated run chose)')
    ap.add_argument('--fold-cutoffs', default='', help="reuse these per-fold cutoffs (chosen inside the folds by an earlier run)")
    ap.add_argument('--cv-cutoff', action='store_true', help='one cutoff for every fold and the shipped model: the best page F1 over all out-of-fold predictions of --train')
    args = ap.parse_args()

    metas, xs, groups, pages, sets = [], [], [], [], []
    offset = 0
    for name in args.train.split(','):
        if not os.path.exists(os.path.join(args.table_dir, name + '.json')):
            continue
        meta, x = load(args.table_dir, name)
        rows = page_rows(meta)
        metas.append(meta)
        xs.append(x)
        groups.append(np.array([meta['pages'][r]['site'] for r in rows]))
        pages.append(rows + offset)
        sets.append(name)
        offset += len(meta['pages'])
    features = metas[0]['features']
    keep_cols = [i for i, f in enumerate(features) if not any(f.startswith(p) for p in args.drop_prefix.split(',') if p)]
    x = np.concatenate(xs)[:, keep_cols]
    share = np.concatenate([np.array(m['share'], dtype=np.float64) for m in metas])
    tokens = np.concatenate([np.array(m['tokens'], dtype=np.float64) for m in metas])
    group = np.concatenate(groups)
    page = np.concatenate(pages)
    y = (share >= 0.5).astype(np.float32)
    w = (1 + np.log1p(tokens)).astype(np.float32)
    print(f'{len(y)} blocks of {offset} pages from {len(set(group))} sites, {len(keep_cols)} features, {y.mean():.3f} content', flush=True)

    features_kept = [features[i] for i in keep_cols]
    overturn = None
    confident = None
    oof = np.zeros(len(y))
    fold_of = np.zeros(len(y), dtype=np.int64)
    cutoffs = []
    folds = [] if args.model_only is not None else GroupKFold(n_splits=args.folds).split(x, y, group)
    for k, (train, test) in enumerate(folds):
        given = [float(c) for c in args.fold_cutoffs.split(',') if c]
        cutoff = 0.5 if args.cv_cutoff else given[k] if given else choose_cutoff(x[train], y[train], w[train], share[train], tokens[train], page[train], group[train])
        model = fit(x[train], y[train], w[train])
        oof[test] = predict(model, x[test])
        fold_of[test] = k
        cutoffs.append(cutoff)
        how = 'provisional; chosen over all folds below' if args.cv_cutoff else 'chosen in its training part'
        print(f'fold {k}: cutoff {cutoff} ({how}), estimated page F1 {mean_page_f1(oof[test], share[test], tokens[test], np.unique(page[test], return_inverse=True)[1], cutoff):.3f}', flush=True)
    cutoff = args.model_only if args.model_only is not None else float(np.median(cutoffs))
    if args.cv_cutoff and cutoffs:
        _, page_all = np.unique(page, return_inverse=True)
        curve = [mean_page_f1(oof, share, tokens, page_all, c) for c in CUTOFFS]
        cutoff = CUTOFFS[int(np.argmax(curve))]
        cutoffs = [cutoff] * len(cutoffs)
        print('out-of-fold page F1 by cutoff: ' + ', '.join(f'{c}: {f:.3f}' for c, f in zip(CUTOFFS, curve)), flush=True)
        print(f'cutoff {cutoff} (grouped cross-validation over the training pages)', flush=True)
        kept_now = x[:, features_kept.index('kept_now')] > 0.5
        print(f'pipeline alone (same blocks), estimated page F1 {mean_page_f1(kept_now.astype(float), share, tokens, page_all, 0.5):.3f}', flush=True)
        f, lo, hi = choose_overturn(oof, kept_now, share, tokens, page_all)
        overturn = {'removeBelow': lo, 'keepAbove': hi}
        print(f'combination: the model removes a kept block below {lo} and keeps a removed one above {hi}, estimated page F1 {f:.3f}', flush=True)
        f, lo, hi = choose_overturn(oof, kept_now, share, tokens, page_all, CONFIDENT_REMOVE_BELOW, CONFIDENT_KEEP_ABOVE)
        confident = {'removeBelow': lo, 'keepAbove': hi}
        print(f'confident combination: removes below {lo}, keeps above {hi}, estimated page F1 {f:.3f}', flush=True)

    result = {'sets': {}, 'combined': {}, 'cutoffs': cutoffs, 'cutoff': cutoff, 'overturn': overturn, 'features': features_kept}
    start = 0
    for name, meta in zip(sets if cutoffs else [], metas):
        n = len(meta['block'])
        result['sets'][name] = {
            'prob': [round(float(p), 4) for p in oof[start:start + n]],
            'cutoff': [cutoffs[f] for f in fold_of[start:start + n]],
        }
        if overturn:
            both = combined(oof[start:start + n], kept_now[start:start + n], overturn['removeBelow'], overturn['keepAbove'])
            result['combined'][name] = {'prob': both.tolist(), 'cutoff': [0.5] * n}
        start += n

    if args.out or args.score:
        final = fit(x, y, w)
        for name in [s for s in args.score.split(',') if s]:
            if not os.path.exists(os.path.join(args.table_dir, name + '.json')):
                continue
            meta, xs_ = load(args.table_dir, name)
            prob = predict(final, xs_[:, keep_cols])
            result['sets'][name] = {'prob': [round(float(p), 4) for p in prob], 'cutoff': [cutoff] * len(prob)}
            if overturn:
                both = combined(prob, xs_[:, meta['features'].index('kept_now')] > 0.5, overturn['removeBelow'], overturn['keepAbove'])
                result['combined'][name] = {'prob': both.tolist(), 'cutoff': [0.5] * len(prob)}
        if args.out:
            compact = compact_model(final, result['features'], cutoff, overturn, confident)
            with open(args.out, 'w') as f:
                json.dump(compact, f, separators=(',', ':'))
                f.write('\n')
            print(f'wrote {args.out} ({os.path.getsize(args.out)} bytes, {len(compact["trees"])} trees, cutoff {cutoff})')
        if args.fixture:
            rng = np.random.RandomState(11)
            rows = rng.choice(len(y), size=min(40, len(y)), replace=False)
            sample = x[rows]
            dm = xgb.DMatrix(sample)
            fixture = {
                'rows': [[float('%.9g' % v) for v in r] for r in sample.tolist()],
                'margin': final.predict(dm, output_margin=True).tolist(),
                'probability': final.predict(dm).tolist(),
                'contributions': final.predict(dm, pred_contribs=True, approx_contribs=True).tolist(),
            }
            with open(args.fixture, 'w') as f:
                json.dump(fixture, f, separators=(',', ':'))
                f.write('\n')
    with open(args.oof, 'w') as f:
        json.dump(result, f)


if __name__ == '__main__':
    main()
