;; The trainer's matrix kernel in WebAssembly (f64x2 SIMD): out = a·bᵀ as dot products of contiguous rows, the
;; same product as rowDots in ../ops/rowDots.ts, two rows of a against four rows of b at a time (eight f64x2
;; accumulators, six loads per eight multiply-adds of two lanes each).
;; Built by `npm run build:wasm` into rowDots.generated.ts; ../ops/wasmRowDots.ts pads the operands and drives it.
;;
;; dots(a, aRows, k, b, bRows, out): out[i·bRows + j] = Σ_p a[i·k + p]·b[j·k + p], all f64, row-major, pointers are
;; byte offsets into the imported memory. Needs aRows % 2 = 0, bRows % 4 = 0 and k % 2 = 0 (the caller pads with zeros).
;; The memory is imported so that the caller can make a larger one instead of growing it: growing detaches the old
;; buffer, and V8 then slows every typed-array access in the isolate.
(module
  (import "env" "memory" (memory 1))
  (func (export "dots") (param $a i32) (param $aRows i32) (param $k i32) (param $b i32) (param $bRows i32) (param $out i32)
    (local $i i32) (local $j i32) (local $p i32) (local $kb i32) (local $o i32)
    (local $a0 i32) (local $a1 i32) (local $b0 i32) (local $b1 i32) (local $b2 i32) (local $b3 i32)
    (local $s00 v128) (local $s01 v128) (local $s02 v128) (local $s03 v128) (local $s10 v128) (local $s11 v128) (local $s12 v128) (local $s13 v128)
    (local $x0 v128) (local $x1 v128) (local $w v128)
    ;; $kb: bytes per row of a and b
    (local.set $kb (i32.shl (local.get $k) (i32.const 3)))
    (block $iend (loop $il
      (br_if $iend (i32.ge_u (local.get $i) (local.get $aRows)))
      (local.set $a0 (i32.add (local.get $a) (i32.mul (i32.add (local.get $i) (i32.const 0)) (local.get $kb))))
      (local.set $a1 (i32.add (local.get $a) (i32.mul (i32.add (local.get $i) (i32.const 1)) (local.get $kb))))
      (local.set $j (i32.const 0))
      (block $jend (loop $jl
        (br_if $jend (i32.ge_u (local.get $j) (local.get $bRows)))
        (local.set $b0 (i32.add (local.get $b) (i32.mul (i32.add (local.get $j) (i32.const 0)) (local.get $kb))))
        (local.set $b1 (i32.add (local.get $b) (i32.mul (i32.add (local.get $j) (i32.const 1)) (local.get $kb))))
        (local.set $b2 (i32.add (local.get $b) (i32.mul (i32.add (local.get $j) (i32.const 2)) (local.get $kb))))
        (local.set $b3 (i32.add (local.get $b) (i32.mul (i32.add (local.get $j) (i32.const 3)) (local.get $kb))))
        (local.set $s00 (v128.const f64x2 0 0))
        (local.set $s01 (v128.const f64x2 0 0))
        (local.set $s02 (v128.const f64x2 0 0))
        (local.set $s03 (v128.const f64x2 0 0))
        (local.set $s10 (v128.const f64x2 0 0))
        (local.set $s11 (v128.const f64x2 0 0))
        (local.set $s12 (v128.const f64x2 0 0))
        (local.set $s13 (v128.const f64x2 0 0))
        (local.set $p (i32.const 0))
        ;; Two values of p per pass: one v128 load of each row.
        (block $pend (loop $pl
          (br_if $pend (i32.ge_u (local.get $p) (local.get $kb)))
          (local.set $x0 (v128.load (i32.add (local.get $a0) (local.get $p))))
          (local.set $x1 (v128.load (i32.add (local.get $a1) (local.get $p))))
          (local.set $w (v128.load (i32.add (local.get $b0) (local.get $p))))
          (local.set $s00 (f64x2.add (local.get $s00) (f64x2.mul (local.get $x0) (local.get $w))))
          (local.set $s10 (f64x2.add (local.get $s10) (f64x2.mul (local.get $x1) (local.get $w))))
          (local.set $w (v128.load (i32.add (local.get $b1) (local.get $p))))
          (local.set $s01 (f64x2.add (local.get $s01) (f64x2.mul (local.get $x0) (local.get $w))))
          (local.set $s11 (f64x2.add (local.get $s11) (f64x2.mul (local.get $x1) (local.get $w))))
          (local.set $w (v128.load (i32.add (local.get $b2) (local.get $p))))
          (local.set $s02 (f64x2.add (local.get $s02) (f64x2.mul (local.get $x0) (local.get $w))))
          (local.set $s12 (f64x2.add (local.get $s12) (f64x2.mul (local.get $x1) (local.get $w))))
          (local.set $w (v128.load (i32.add (local.get $b3) (local.get $p))))
          (local.set $s03 (f64x2.add (local.get $s03) (f64x2.mul (local.get $x0) (local.get $w))))
          (local.set $s13 (f64x2.add (local.get $s13) (f64x2.mul (local.get $x1) (local.get $w))))
          (local.set $p (i32.add (local.get $p) (i32.const 16)))
          (br $pl)))
        ;; Each accumulator holds two partial sums: add its lanes and store out[i + r][j + c].
        (local.set $o (i32.add (local.get $out) (i32.shl (i32.add (i32.mul (i32.add (local.get $i) (i32.const 0)) (local.get $bRows)) (i32.add (local.get $j) (i32.const 0))) (i32.const 3))))
        (f64.store (local.get $o) (f64.add (f64x2.extract_lane 0 (local.get $s00)) (f64x2.extract_lane 1 (local.get $s00))))
        (local.set $o (i32.add (local.get $out) (i32.shl (i32.add (i32.mul (i32.add (local.get $i) (i32.const 0)) (local.get $bRows)) (i32.add (local.get $j) (i32.const 1))) (i32.const 3))))
        (f64.store (local.get $o) (f64.add (f64x2.extract_lane 0 (local.get $s01)) (f64x2.extract_lane 1 (local.get $s01))))
        (local.set $o (i32.add (local.get $out) (i32.shl (i32.add (i32.mul (i32.add (local.get $i) (i32.const 0)) (local.get $bRows)) (i32.add (local.get $j) (i32.const 2))) (i32.const 3))))
        (f64.store (local.get $o) (f64.add (f64x2.extract_lane 0 (local.get $s02)) (f64x2.extract_lane 1 (local.get $s02))))
        (local.set $o (i32.add (local.get $out) (i32.shl (i32.add (i32.mul (i32.add (local.get $i) (i32.const 0)) (local.get $bRows)) (i32.add (local.get $j) (i32.const 3))) (i32.const 3))))
        (f64.store (local.get $o) (f64.add (f64x2.extract_lane 0 (local.get $s03)) (f64x2.extract_lane 1 (local.get $s03))))
        (local.set $o (i32.add (local.get $out) (i32.shl (i32.add (i32.mul (i32.add (local.get $i) (i32.const 1)) (local.get $bRows)) (i32.add (local.get $j) (i32.const 0))) (i32.const 3))))
        (f64.store (local.get $o) (f64.add (f64x2.extract_lane 0 (local.get $s10)) (f64x2.extract_lane 1 (local.get $s10))))
        (local.set $o (i32.add (local.get $out) (i32.shl (i32.add (i32.mul (i32.add (local.get $i) (i32.const 1)) (local.get $bRows)) (i32.add (local.get $j) (i32.const 1))) (i32.const 3))))
        (f64.store (local.get $o) (f64.add (f64x2.extract_lane 0 (local.get $s11)) (f64x2.extract_lane 1 (local.get $s11))))
        (local.set $o (i32.add (local.get $out) (i32.shl (i32.add (i32.mul (i32.add (local.get $i) (i32.const 1)) (local.get $bRows)) (i32.add (local.get $j) (i32.const 2))) (i32.const 3))))
        (f64.store (local.get $o) (f64.add (f64x2.extract_lane 0 (local.get $s12)) (f64x2.extract_lane 1 (local.get $s12))))
        (local.set $o (i32.add (local.get $out) (i32.shl (i32.add (i32.mul (i32.add (local.get $i) (i32.const 1)) (local.get $bRows)) (i32.add (local.get $j) (i32.const 3))) (i32.const 3))))
        (f64.store (local.get $o) (f64.add (f64x2.extract_lane 0 (local.get $s13)) (f64x2.extract_lane 1 (local.get $s13))))
        (local.set $j (i32.add (local.get $j) (i32.const 4)))
        (br $jl)))
      (local.set $i (i32.add (local.get $i) (i32.const 2)))
      (br $il))))
)
