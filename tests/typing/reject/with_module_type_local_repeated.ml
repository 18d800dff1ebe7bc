module type S = sig
  module type U := sig type a type b end
  module type WRONG = sig type a include U end
end
